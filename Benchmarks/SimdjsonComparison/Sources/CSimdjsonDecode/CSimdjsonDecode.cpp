#include "CSimdjsonDecode.h"

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace simdjson;

namespace {
// The fields of OfflinePushRule, with owned lists and zone ID as the Swift value has.
struct DND {
  bool enabled = false;
  int64_t startHour = 0, startMinute = 0, endHour = 0, endMinute = 0, repeatMode = 0,
          customRepeatDays = 0, onceEndTimestamp = 0;
  std::string timeZoneID;
};
struct Rule {
  std::vector<int64_t> online, silenced;
  bool offlinePush = true, messagePush = true, callPush = true, hasDND = false;
  DND dnd;
};
struct Prepared {
  ondemand::parser parser;
  std::vector<padded_string> documents;
};

bool readList(ondemand::value value, std::vector<int64_t> &out) {
  ondemand::array array;
  if (value.get_array().get(array)) return false;
  for (auto element : array) {
    int64_t x;
    if (element.get_int64().get(x)) return false;
    out.push_back(x);
  }
  return true;
}

bool readInt(ondemand::value value, int64_t &out) { return !value.get_int64().get(out); }

// Members in any order, as DNDKit's reader takes them; unknown keys skipped.
bool decode(ondemand::parser &parser, const padded_string &json, Rule &rule) {
  ondemand::document document;
  if (parser.iterate(json).get(document)) return false;
  ondemand::object object;
  if (document.get_object().get(object)) return false;
  for (auto field : object) {
    std::string_view key;
    if (field.unescaped_key().get(key)) return false;
    ondemand::value value = field.value();
    if (key == "onlinePlatforms") {
      if (!readList(value, rule.online)) return false;
    } else if (key == "notToReceiveOfflinePushPlatforms") {
      if (!readList(value, rule.silenced)) return false;
    } else if (key == "offlinePushEnabled") {
      if (value.get_bool().get(rule.offlinePush)) return false;
    } else if (key == "messageOfflinePushEnabled") {
      if (value.get_bool().get(rule.messagePush)) return false;
    } else if (key == "callOfflinePushEnabled") {
      if (value.get_bool().get(rule.callPush)) return false;
    } else if (key == "doNotDisturbRule") {
      ondemand::object dnd;
      if (value.get_object().get(dnd)) return false;
      rule.hasDND = true;
      for (auto member : dnd) {
        std::string_view name;
        if (member.unescaped_key().get(name)) return false;
        ondemand::value x = member.value();
        bool ok = true;
        if (name == "enabled") ok = !x.get_bool().get(rule.dnd.enabled);
        else if (name == "startHour") ok = readInt(x, rule.dnd.startHour);
        else if (name == "startMinute") ok = readInt(x, rule.dnd.startMinute);
        else if (name == "endHour") ok = readInt(x, rule.dnd.endHour);
        else if (name == "endMinute") ok = readInt(x, rule.dnd.endMinute);
        else if (name == "repeatMode") ok = readInt(x, rule.dnd.repeatMode);
        else if (name == "customRepeatDays") ok = readInt(x, rule.dnd.customRepeatDays);
        else if (name == "onceEndTimestamp") ok = readInt(x, rule.dnd.onceEndTimestamp);
        else if (name == "timeZoneID") {
          std::string_view text;
          ok = !x.get_string().get(text);
          rule.dnd.timeZoneID = text;
        }
        if (!ok) return false;
      }
    }
  }
  return true;
}
}  // namespace

extern "C" void *sj_prepare(const unsigned char *bytes, const size_t *offsets, size_t count) {
  auto *prepared = new Prepared();
  for (size_t i = 0; i < count; i++) {
    prepared->documents.emplace_back(
        reinterpret_cast<const char *>(bytes + offsets[i]), offsets[i + 1] - offsets[i]);
  }
  return prepared;
}

extern "C" long sj_decode_all(void *handle) {
  auto *prepared = static_cast<Prepared *>(handle);
  long checksum = 0;
  for (const auto &document : prepared->documents) {
    Rule rule;
    if (!decode(prepared->parser, document, rule)) return -1;
    checksum += long(rule.online.size()) + long(rule.dnd.timeZoneID.size());
  }
  return checksum;
}
