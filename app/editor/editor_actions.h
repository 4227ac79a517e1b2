#pragma once
// The main window's actions, menus and toolbar, typed: docks and controllers receive this
// struct (never the window, never an object-name lookup). MainWindow creates every member
// before it creates the docks; a member is never null afterwards.
class QAction;
class QMenu;
class QToolBar;

namespace sw::editor {

struct EditorActions {
    // File
    QAction* open = nullptr;
    QAction* openDemo = nullptr;
    QAction* openCloud = nullptr;
    QAction* openScan = nullptr;  // main_window_scan.cpp
    QAction* buildLod = nullptr;
    QAction* newProject = nullptr;
    QAction* openProject = nullptr;
    QAction* saveProject = nullptr;
    QAction* saveProjectAs = nullptr;
    QAction* exportModel = nullptr;
    QAction* quit = nullptr;
    // Edit
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    // View
    QAction* orbit = nullptr;
    QAction* turntable = nullptr;
    QAction* fly = nullptr;
    QAction* scanHud = nullptr;
    QAction* lodFalseColour = nullptr;
    QAction* grey = nullptr;
    QAction* black = nullptr;
    QAction* roundSplats = nullptr;  // the game's optional alpha-to-coverage splats
    QAction* resetView = nullptr;
    QAction* markers = nullptr;
    QAction* partColours = nullptr;
    QAction* resetLayout = nullptr;
    // Help
    QAction* about = nullptr;

    QMenu* fileMenu = nullptr;
    QMenu* recentMenu = nullptr;
    QMenu* autosaveMenu = nullptr;
    QMenu* editMenu = nullptr;
    QMenu* viewMenu = nullptr;
    QMenu* languageMenu = nullptr;
    QToolBar* mainToolBar = nullptr;
};

}  // namespace sw::editor
