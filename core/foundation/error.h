#pragma once
// Expected failures (I/O, parse, unsupported input, cancel, out of memory) are returned as
// values, never thrown across module boundaries. Caller bugs are preconditions (check.h).
#include <string>
#include <utility>
#include <variant>

namespace sw {

enum class ErrorCode {
    Io = 1,        // file missing, unreadable, unwritable
    Parse,         // malformed or truncated content
    Unsupported,   // valid input using a feature we do not handle (e.g. Draco, KTX2)
    InvalidInput,  // well-formed but unusable (NaN vertices, budget 0, empty scene)
    Cancelled,     // the user cancelled a long stage
    OutOfMemory,
    Gpu,           // no GL/CUDA device or a device failure
    Internal,
};

// Stable, human-readable name of a code ("io", "parse", ...).
const char* errorCodeName(ErrorCode code);
// Process exit code the CLI uses for each error code (2..9; 1 is reserved for usage errors).
int exitCodeFor(ErrorCode code);

struct Error {
    ErrorCode code = ErrorCode::Internal;
    std::string message;  // one line, no trailing period needed
    std::string path;     // the file the error is about; may be empty

    // "<path>: <message>" or just the message when there is no path.
    std::string toString() const;
};

inline Error makeError(ErrorCode code, std::string message, std::string path = {}) {
    return Error{code, std::move(message), std::move(path)};
}

// Result<T>: a value or an Error. Result<void> (alias Status) carries only success/error.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(m_v); }
    const T& value() const& { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::get<0>(std::move(m_v)); }
    const Error& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)), m_failed(true) {}
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_failed = false;
};

using Status = Result<void>;

}  // namespace sw

// Propagate an error from an expression returning Result/Status.
#define SW_TRY(expr)                                \
    do {                                            \
        auto sw_try_result_ = (expr);               \
        if (!sw_try_result_) return sw_try_result_.error(); \
    } while (0)
