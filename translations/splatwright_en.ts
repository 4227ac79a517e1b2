<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ImportReport</name>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>%1 meshes, %2 triangles, %3 materials, %4 textures</source>
        <translation>%1 meshes, %2 triangles, %3 materials, %4 textures</translation>
    </message>
    <message>
        <source>Winding:</source>
        <translation>Winding:</translation>
    </message>
    <message>
        <source>%1 components, %2 flipped (%3 faces, %4% of the area)</source>
        <translation>%1 components, %2 flipped (%3 faces, %4% of the area)</translation>
    </message>
    <message>
        <source>Base colour per material:</source>
        <translation>Base colour per material:</translation>
    </message>
    <message>
        <source>glTF extensions:</source>
        <translation>glTF extensions:</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Warnings:</translation>
    </message>
</context>
<context>
    <name>schema</name>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Normalise</source>
        <translation>Normalise</translation>
    </message>
    <message>
        <source>Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded</source>
        <translation>Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded</translation>
    </message>
    <message>
        <source>Cube edge</source>
        <translation>Cube edge</translation>
    </message>
    <message>
        <source>model units</source>
        <translation>model units</translation>
    </message>
    <message>
        <source>Edge of the normalisation cube; the pipeline&apos;s camera radius 3.2 assumes 1.6</source>
        <translation>Edge of the normalisation cube; the pipeline&apos;s camera radius 3.2 assumes 1.6</translation>
    </message>
    <message>
        <source>Repair winding</source>
        <translation>Repair winding</translation>
    </message>
    <message>
        <source>Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)</source>
        <translation>Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)</translation>
    </message>
    <message>
        <source>Small texture warning</source>
        <translation>Small texture warning</translation>
    </message>
    <message>
        <source>px</source>
        <translation>px</translation>
    </message>
    <message>
        <source>Warn when a base-colour texture covering a large part of the model is smaller than this on a side</source>
        <translation>Warn when a base-colour texture covering a large part of the model is smaller than this on a side</translation>
    </message>
    <message>
        <source>Demo asset</source>
        <translation>Demo asset</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Random seed: plate styles, paint and which plates are wound inward</source>
        <translation>Random seed: plate styles, paint and which plates are wound inward</translation>
    </message>
    <message>
        <source>Plates</source>
        <translation>Plates</translation>
    </message>
    <message>
        <source>Open plate components in the whole model (each its own connected component)</source>
        <translation>Open plate components in the whole model (each its own connected component)</translation>
    </message>
    <message>
        <source>Texture size</source>
        <translation>Texture size</translation>
    </message>
    <message>
        <source>Edge of the square base-colour texture</source>
        <translation>Edge of the square base-colour texture</translation>
    </message>
    <message>
        <source>Inverted share</source>
        <translation>Inverted share</translation>
    </message>
    <message>
        <source>Share of plates with reversed (inward) winding, as generated models have</source>
        <translation>Share of plates with reversed (inward) winding, as generated models have</translation>
    </message>
    <message>
        <source>Atlas margin</source>
        <translation>Atlas margin</translation>
    </message>
    <message>
        <source>Padding around each plate&apos;s cell of the texture atlas</source>
        <translation>Padding around each plate&apos;s cell of the texture atlas</translation>
    </message>
    <message>
        <source>Camera belt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of training views on the golden spiral</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lowest elevation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom of the camera belt; 14° sees under guns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest elevation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top of the camera belt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Camera distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Radius of the camera sphere; the model fits a cube of edge 1.6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field of view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horizontal field of view (camera_angle_x)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation views on one ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation and test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation elevation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elevation of the validation ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test views per ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test views on each of the two test rings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low test elevation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elevation of the lower test ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High test elevation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elevation of the upper test ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side of the square RGBA images (training usually downsamples to 400)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lighting recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ao</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ao: albedo × sky visibility (default); flat: albedo; cel: toon bands baked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lighting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO rays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hemisphere rays per vertex for sky visibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges longer than this are split before baking sky visibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anti-aliasing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MSAA samples; alpha at silhouettes is the coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG compression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zlib level of the written PNGs: lower is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the sky-visibility rays</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetPanel</name>
    <message>
        <source>The project&apos;s cache folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Material colours (HSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetRunner</name>
    <message>
        <source>Rendering the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 train, %2 val, %3 test views in %4 s (lighting %5 s, render %6 s, PNG %7 s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::MainWindow</name>
    <message>
        <source>Splatwright</source>
        <translation>Splatwright</translation>
    </message>
    <message>
        <source>Viewport</source>
        <translation>Viewport</translation>
    </message>
    <message>
        <source>Re-import</source>
        <translation>Re-import</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Generate</translation>
    </message>
    <message>
        <source>Demo drone</source>
        <translation>Demo drone</translation>
    </message>
    <message>
        <source>Open a model to see its import report.</source>
        <translation>Open a model to see its import report.</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>Import report</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>&amp;Open Model…</translation>
    </message>
    <message>
        <source>Open &amp;Demo Drone</source>
        <translation>Open &amp;Demo Drone</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Orbit Camera</source>
        <translation>&amp;Orbit Camera</translation>
    </message>
    <message>
        <source>&amp;Turntable Camera</source>
        <translation>&amp;Turntable Camera</translation>
    </message>
    <message>
        <source>&amp;Grey Background</source>
        <translation>&amp;Grey Background</translation>
    </message>
    <message>
        <source>&amp;Black Background</source>
        <translation>&amp;Black Background</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>&amp;Reset View</translation>
    </message>
    <message>
        <source>&amp;About Splatwright</source>
        <translation>&amp;About Splatwright</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Main</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Cannot open model</translation>
    </message>
    <message>
        <source>Cannot open the demo drone</source>
        <translation>Cannot open the demo drone</translation>
    </message>
    <message>
        <source>Cannot generate the demo drone</source>
        <translation>Cannot generate the demo drone</translation>
    </message>
    <message>
        <source>Generating the demo drone</source>
        <translation>Generating the demo drone</translation>
    </message>
    <message>
        <source>%1 — Splatwright</source>
        <translation>%1 — Splatwright</translation>
    </message>
    <message>
        <source>About Splatwright</source>
        <translation>About Splatwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Turns textured game models into budgeted, destructible Gaussian-splat assets.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Turns textured game models into budgeted, destructible Gaussian-splat assets.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Open Model</translation>
    </message>
    <message>
        <source>Models (*.glb *.gltf *.fbx *.obj);;All files (*)</source>
        <translation>Models (*.glb *.gltf *.fbx *.obj);;All files (*)</translation>
    </message>
    <message>
        <source>&amp;New Project from Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Project…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Project &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Camera &amp;Markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Part Colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot render the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No writable cache folder; choose an output folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Project from Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save New Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splatwright projects (*.splatproj)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelLoader</name>
    <message>
        <source>Importing %1</source>
        <translation>Importing %1</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>%1 triangles</source>
        <translation>%1 triangles</translation>
    </message>
    <message>
        <source>%1 components</source>
        <translation>%1 components</translation>
    </message>
    <message>
        <source>flipped: %1 components, %2 faces</source>
        <translation>flipped: %1 components, %2 faces</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>No model</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>frame %1 ms</translation>
    </message>
</context>
<context>
    <name>sw::editor::RecentFiles</name>
    <message>
        <source>Clear List</source>
        <translation>Clear List</translation>
    </message>
</context>
<context>
    <name>sw::widgets::FrameBrowser</name>
    <message>
        <source>No dataset rendered yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2
%3° / %4°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2: elevation %3°, azimuth %4°, %5×%6 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frames: %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::HsvTable</name>
    <message>
        <source>Material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>material %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::LogDock</name>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Debug</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warning</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>Show from:</source>
        <translation>Show from:</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ParamPanel</name>
    <message>
        <source>Load preset…</source>
        <translation>Load preset…</translation>
    </message>
    <message>
        <source>Save preset…</source>
        <translation>Save preset…</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Defaults</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Presets (*.json)</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Load preset</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Save preset</translation>
    </message>
    <message>
        <source>Could not load preset %1:
%2</source>
        <translation>Could not load preset %1:
%2</translation>
    </message>
    <message>
        <source>Could not save preset %1:
%2</source>
        <translation>Could not save preset %1:
%2</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
</context>
<context>
    <name>sw::widgets::PartsPanel</name>
    <message>
        <source>Part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assign to Part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves the picked component into the part selected above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click the model in the viewport to pick a connected component.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No component picked (components in the model: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picked component %1 (faces: %2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
