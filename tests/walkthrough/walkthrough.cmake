# The first-use walkthrough (label walkthrough; editor with training): steps 1-3 of issue 33 end to
# end in separate editor processes with the real dialogs, buttons and keys, screenshots in
# ${SW_OUT}/walkthrough. scripts/walkthrough runs it into a folder of your choice. It grabs the
# whole X screen to check what shows behind its file dialogs, so it runs alone (RUN_SERIAL): under
# `ctest -j` another editor test's window on the same display would be in its screenshot.
add_executable(walkthrough walkthrough/walkthrough.cpp)
target_link_libraries(walkthrough PRIVATE sw::editor sw::train Qt6::Test)
sw_apply_warnings(walkthrough)
set(_capture "${SW_ASSETS}/splats/luma-seal.splat")
if(EXISTS "${_capture}")
  add_test(NAME walkthrough COMMAND walkthrough "${SW_OUT}/walkthrough" $<TARGET_FILE:splatwright> "${_capture}")
  set_tests_properties(walkthrough PROPERTIES LABELS "widgets;walkthrough" TIMEOUT 1200 RUN_SERIAL TRUE
                       ENVIRONMENT "QT_QPA_PLATFORM=xcb;QT_QPA_PLATFORMTHEME=")
else()
  message(STATUS "walkthrough: ${_capture} is absent; the walkthrough test is not registered")
endif()
