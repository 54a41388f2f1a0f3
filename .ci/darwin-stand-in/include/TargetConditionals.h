// Stand-in for Darwin's <TargetConditionals.h> (the SDK's; its names are documented in
// apple-oss-distributions/CarbonHeaders TargetConditionals.h, at CarbonHeaders-18.1). The clang
// of the Swift toolchain predefines every TARGET_OS_* macro for an Apple target, with the
// values the SDK's header gives (TARGET_OS_WATCH 1 for watchOS, TARGET_OS_TV 1 for tvOS,
// TARGET_OS_OSX 1 for macOS), so this header only insists that they are there.
#ifndef DARWIN_STAND_IN_TARGETCONDITIONALS_H
#define DARWIN_STAND_IN_TARGETCONDITIONALS_H

#if !defined(TARGET_OS_MAC) || !defined(TARGET_OS_WATCH) || !defined(TARGET_OS_TV)
#error "TARGET_OS_* are not predefined: compile for an Apple target with the toolchain's clang"
#endif

#endif
