# core/project: the .splatproj project file (unit).
sw_core_test(project SOURCES core/tst_project.cpp LIBS sw::project)
