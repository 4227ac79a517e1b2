#include "core/foundation/log.h"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>

namespace sw::log {
namespace {

struct Logger {
    std::mutex mutex;
    std::map<int, Sink> sinks;
    int nextId = 1;
    std::atomic<int> level{static_cast<int>(Level::Info)};
};

Logger& logger() {
    static Logger instance;
    return instance;
}

}  // namespace

const char* levelName(Level level) {
    switch (level) {
    case Level::Debug: return "debug";
    case Level::Info: return "info";
    case Level::Warning: return "warning";
    case Level::Error: return "error";
    }
    return "?";
}

int addSink(Sink sink) {
    Logger& l = logger();
    std::lock_guard lock(l.mutex);
    const int id = l.nextId++;
    l.sinks.emplace(id, std::move(sink));
    return id;
}

void removeSink(int id) {
    Logger& l = logger();
    std::lock_guard lock(l.mutex);
    l.sinks.erase(id);
}

void setLevel(Level level) { logger().level.store(static_cast<int>(level)); }

void write(Level level, std::string_view message) {
    Logger& l = logger();
    if (static_cast<int>(level) < l.level.load()) return;
    std::lock_guard lock(l.mutex);
    for (auto& [id, sink] : l.sinks) sink(level, message);
}

Sink stderrSink() {
    return [](Level level, std::string_view message) {
        std::fprintf(stderr, "[%s] %.*s\n", levelName(level), static_cast<int>(message.size()),
                     message.data());
    };
}

}  // namespace sw::log
