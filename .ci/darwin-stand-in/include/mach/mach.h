// Stand-in for Darwin's <mach/mach.h>: what reading the resident memory with task_info uses.
// "xnu" is apple-oss-distributions/xnu at xnu-11417.101.15. task_info's prototype is generated
// by MIG from osfmk/mach/task.defs into the SDK's <mach/task.h>.
#ifndef DARWIN_STAND_IN_MACH_MACH_H
#define DARWIN_STAND_IN_MACH_MACH_H

#include <sys/_types.h>

typedef __darwin_natural_t natural_t;          // xnu osfmk/mach/arm/vm_types.h
typedef int integer_t;                         // xnu osfmk/mach/arm/vm_types.h
typedef __uint64_t mach_vm_size_t;             // xnu osfmk/mach/arm/vm_types.h (LP64)
typedef int kern_return_t;                     // xnu osfmk/mach/arm/kern_return.h
typedef __darwin_mach_port_t mach_port_t;      // xnu osfmk/mach/port.h (user space)
typedef mach_port_t task_name_t;               // xnu osfmk/mach/mach_types.h (user space)
typedef mach_port_t task_t;                    // xnu osfmk/mach/mach_types.h (user space)
typedef natural_t mach_msg_type_number_t;      // xnu osfmk/mach/message.h
typedef int policy_t;                          // xnu osfmk/mach/policy.h
typedef natural_t task_flavor_t;               // xnu osfmk/mach/task_info.h
typedef integer_t *task_info_t;                // xnu osfmk/mach/task_info.h

#define KERN_SUCCESS 0  // xnu osfmk/mach/kern_return.h

struct time_value {        // xnu osfmk/mach/time_value.h
  integer_t seconds;       // xnu osfmk/mach/time_value.h
  integer_t microseconds;  // xnu osfmk/mach/time_value.h
};
typedef struct time_value time_value_t;  // xnu osfmk/mach/time_value.h

#define MACH_TASK_BASIC_INFO 20  // xnu osfmk/mach/task_info.h
struct mach_task_basic_info {        // xnu osfmk/mach/task_info.h
  mach_vm_size_t virtual_size;       // xnu osfmk/mach/task_info.h
  mach_vm_size_t resident_size;      // xnu osfmk/mach/task_info.h
  mach_vm_size_t resident_size_max;  // xnu osfmk/mach/task_info.h
  time_value_t user_time;            // xnu osfmk/mach/task_info.h
  time_value_t system_time;          // xnu osfmk/mach/task_info.h
  policy_t policy;                   // xnu osfmk/mach/task_info.h
  integer_t suspend_count;           // xnu osfmk/mach/task_info.h
};
typedef struct mach_task_basic_info mach_task_basic_info_data_t;  // xnu osfmk/mach/task_info.h
// xnu osfmk/mach/task_info.h
#define MACH_TASK_BASIC_INFO_COUNT \
  (sizeof(mach_task_basic_info_data_t) / sizeof(natural_t))

// xnu osfmk/mach/task.defs: routine task_info(target_task: task_name_t; flavor: task_flavor_t;
// out task_info_out: task_info_t, CountInOut), as MIG writes it in C.
kern_return_t task_info(task_name_t target_task, task_flavor_t flavor,
                        task_info_t task_info_out, mach_msg_type_number_t *task_info_outCnt);

extern mach_port_t mach_task_self_;           // xnu libsyscall/mach/mach/mach_init.h
#define mach_task_self() mach_task_self_      // xnu libsyscall/mach/mach/mach_init.h

#endif
