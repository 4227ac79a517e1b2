#pragma once
// Logging: one process-wide logger with pluggable sinks (stderr for the CLI, the Log dock in
// the editor). Thread-safe; sinks are called with the logger's lock held, so a sink must not
// log itself.
#include <functional>
#include <sstream>
#include <string>
#include <string_view>

namespace sw::log {

enum class Level { Debug = 0, Info, Warning, Error };

const char* levelName(Level level);

using Sink = std::function<void(Level, std::string_view message)>;

// Adds a sink; returns an id for removeSink.
int addSink(Sink sink);
void removeSink(int id);
// Messages below this level are dropped (default Info).
void setLevel(Level level);
void write(Level level, std::string_view message);

// A sink printing "[level] message" to stderr; the CLI installs it.
Sink stderrSink();

}  // namespace sw::log

#define SW_LOG_AT(level, expr)                             \
    do {                                                   \
        std::ostringstream sw_log_os_;                     \
        sw_log_os_ << expr;                                \
        ::sw::log::write(level, sw_log_os_.str());         \
    } while (0)
#define SW_LOG_DEBUG(expr) SW_LOG_AT(::sw::log::Level::Debug, expr)
#define SW_LOG_INFO(expr) SW_LOG_AT(::sw::log::Level::Info, expr)
#define SW_LOG_WARN(expr) SW_LOG_AT(::sw::log::Level::Warning, expr)
#define SW_LOG_ERROR(expr) SW_LOG_AT(::sw::log::Level::Error, expr)
