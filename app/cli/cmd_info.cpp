// Temporary until the info command lands.
#include "app/cli/command.h"

namespace sw::cli {
void addInfoCommand(CLI::App&, Outcome&) {}
}  // namespace sw::cli
