#include "core/foundation/error.h"

namespace sw {

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::Io: return "io";
    case ErrorCode::Parse: return "parse";
    case ErrorCode::Unsupported: return "unsupported";
    case ErrorCode::InvalidInput: return "invalid-input";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::OutOfMemory: return "out-of-memory";
    case ErrorCode::Gpu: return "gpu";
    case ErrorCode::Internal: return "internal";
    }
    return "unknown";
}

int exitCodeFor(ErrorCode code) { return 1 + static_cast<int>(code); }

std::string Error::toString() const {
    if (path.empty()) return message;
    return path + ": " + message;
}

}  // namespace sw
