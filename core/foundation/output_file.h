#pragma once
// The one rule for a single file the program writes (every CLI command; the editor's outputs go
// through the same check). A file output is never
//   - one of the job's inputs (the same file, by device and inode, whatever the spelling),
//   - a symbolic link (it names a file elsewhere: the link is left untouched, nothing written),
//   - an existing file the program did not write: a file is replaced only when its folder's output
//     marker (output_folder.h) lists it, or when the caller says so (`overwrite`: the CLI's
//     --overwrite).
// A character device (/dev/null) is written in place; a folder, pipe or socket is refused by the
// atomic writer (file_io.h) with its own message. The write itself is atomic (file_io.h); after
// it, recordOutputFile lists the file in its folder's marker, so the next run may replace it.
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw {

struct OutputFileRule {
    std::vector<std::string> inputs;  // files the job reads (model, cloud, dataset files, profiles)
    bool overwrite = false;           // an existing file the program did not write may be replaced
};

// Ok when `path` may be written under `rule`; InvalidInput naming `path` (and the input it is)
// otherwise. An empty path is Ok (no such output asked for).
Status checkOutputFile(const std::string& path, const OutputFileRule& rule = {});
// checkOutputFile for several outputs, and no two of them the same file.
Status checkOutputFiles(const std::vector<std::string>& paths, const OutputFileRule& rule = {});
// After a successful write: the file is listed in its folder's marker (nothing for a device or an
// empty path).
Status recordOutputFile(const std::string& path);

}  // namespace sw
