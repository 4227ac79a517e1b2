# core/project: the .splatproj project file (unit).
sw_core_test(project SOURCES core/tst_project.cpp LIBS sw::project)
# Recovery files and kill -9 during saves (issue #16 build item 3).
sw_core_test(project_recovery SOURCES core/tst_project_recovery.cpp LIBS sw::project)
