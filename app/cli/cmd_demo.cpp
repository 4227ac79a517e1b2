// Temporary until the demo command lands.
#include "app/cli/command.h"

namespace sw::cli {
void addDemoCommand(CLI::App&, Outcome&) {}
}  // namespace sw::cli
