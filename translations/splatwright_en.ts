<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BakeReport</name>
    <message>
        <source>Materials: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n flagged but kept (marked Keep)</source>
        <translation>
            <numerusform>%n flagged but kept (marked Keep)</numerusform>
            <numerusform>%n flagged but kept (marked Keep)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Floaters removed: %n splat(s)</source>
        <translation>
            <numerusform>Floaters removed: %n splat</numerusform>
            <numerusform>Floaters removed: %n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) in the trained cloud</source>
        <translation>
            <numerusform>%n splat in the trained cloud</numerusform>
            <numerusform>%n splats in the trained cloud</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) in the game model</source>
        <translation>
            <numerusform>%n splat in the game model</numerusform>
            <numerusform>%n splats in the game model</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n opaque core</source>
        <translation>
            <numerusform>%n opaque core</numerusform>
            <numerusform>%n opaque core</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blended shell</source>
        <translation>
            <numerusform>%n blended shell</numerusform>
            <numerusform>%n blended shell</numerusform>
        </translation>
    </message>
    <message>
        <source>Distance to the surface: half of the splats within %1, 99% within %2 model units</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) never seen by the game camera (belly) removed</source>
        <translation>
            <numerusform>%n splat never seen by the game camera (belly) removed</numerusform>
            <numerusform>%n splats never seen by the game camera (belly) removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n nearly transparent splat(s) removed</source>
        <translation>
            <numerusform>%n nearly transparent splat removed</numerusform>
            <numerusform>%n nearly transparent splats removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destruction chunk(s)</source>
        <translation>
            <numerusform>%n destruction chunk</numerusform>
            <numerusform>%n destruction chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n group(s)</source>
        <translation>
            <numerusform>in %n group</numerusform>
            <numerusform>in %n groups</numerusform>
        </translation>
    </message>
    <message>
        <source> (capped at the chunk limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of the chunks within ±30% of the target area</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n emissive (glowing) splat(s)</source>
        <translation>
            <numerusform>%n emissive (glowing) splat</numerusform>
            <numerusform>%n emissive (glowing) splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s)</source>
        <translation>
            <numerusform>Exported %n file</numerusform>
            <numerusform>Exported %n files</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1) into %2: </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s)</source>
        <translation>
            <numerusform>%n splat</numerusform>
            <numerusform>%n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n floater(s) removed</source>
        <translation>
            <numerusform>%n floater removed</numerusform>
            <numerusform>%n floaters removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>from the model&apos;s emissive materials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the rarest bright colours (the model declares no emission)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>emission off</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportReport</name>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Winding:</source>
        <translation>Winding:</translation>
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
    <message numerus="yes">
        <source>%n mesh(es)</source>
        <translation>
            <numerusform>%n mesh</numerusform>
            <numerusform>%n meshes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n triangle</numerusform>
            <numerusform>%n triangles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n material(s)</source>
        <translation>
            <numerusform>%n material</numerusform>
            <numerusform>%n materials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n texture(s)</source>
        <translation>
            <numerusform>%n texture</numerusform>
            <numerusform>%n textures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) by shared edges</source>
        <translation>
            <numerusform>%n part by shared edges</numerusform>
            <numerusform>%n parts by shared edges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) faced inwards and were turned to face outwards</source>
        <translation>
            <numerusform>%n part faced inwards and was turned to face outwards</numerusform>
            <numerusform>%n parts faced inwards and were turned to face outwards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n face(s)</source>
        <translation>
            <numerusform>%n face</numerusform>
            <numerusform>%n faces</numerusform>
        </translation>
    </message>
    <message>
        <source>%1% of the area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none faced inwards</source>
        <translation type="unfinished"></translation>
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
        <source>Read files outside the model&apos;s folder</source>
        <translation>Read files outside the model&apos;s folder</translation>
    </message>
    <message>
        <source>Read buffers and images that a glTF names outside its own folder (../, absolute paths); off, such a model is refused naming the file</source>
        <translation>Read buffers and images that a glTF names outside its own folder (../, absolute paths); off, such a model is refused naming the file</translation>
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
        <source>Style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drone: the bundled boss drone; plated: a closed hull under coarse open plates with gaps (AI-generated bosses)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO bounces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diffuse bounces of interreflection under the dome (0: sky visibility only)</source>
        <translation type="unfinished"></translation>
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
        <source>ao: diffuse under a white dome with bounce light, as Blender Cycles (default); flat: albedo; cel: toon bands baked in</source>
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
        <source>Hemisphere rays per vertex and side for the dome lighting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges longer than this are split before baking the dome lighting</source>
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
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splat budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard cap on the number of splats; a smaller budget is a retrain, never a slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of the training images; they are area-resized once at load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam learning rate of the means, multiplied by the scene scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position LR final factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotation LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opacity LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alpha loss weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opacity entropy weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of mean o(1-o), ramped in over the last steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entropy ramp start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the steps before the entropy penalty starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relocation start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCMC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relocation stop before end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relocation period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dead opacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rasterizer threads; 0 uses all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuda</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train on the CPU or on an NVIDIA GPU (needs a CUDA build and a GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On-surface distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal snap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centres closer than this to their face take the side whose ray escapes the mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Far from mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 1: splats whose centre is farther than this from the surface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 2: neighbour graph edge length; 0 = link factor × mean spacing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 2: automatic link radius in mean spacings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette azimuths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette elevations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lowest view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette miss share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 3: flagged when this share of the views that see the splat miss the mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette min views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silhouette tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 3: a splat must stick out of the silhouette by more than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disc radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sigma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 4: projected disc radius in sigmas of the largest axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Background alpha</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove detached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove silhouette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove dataset floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core opacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core and shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splats more opaque than this are drawn as opaque octagons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disc opacity floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disc scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core major axes are scaled by visible radius × this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belly cull</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop splats whose normal faces no camera of the game belt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belt lowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belt highest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game camera tilt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed elevation of the game camera the 64 shell orders are sorted for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emissive share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rarest colours (farthest from the hull&apos;s median) light up, at most this share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emission min distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thickness range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plate percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dot percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Material recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Materials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON recipe: ordered (class, hue, saturation, value) rules; empty = built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = 2.5 mean spacings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splats per chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target chunk size; chunks are balanced by area, not count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lloyd iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jitter iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Border jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunk radii</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 + chunk·8 + material must stay ≤ 2048 (half-float exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scatter progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kinetic bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ripple amplitude</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link decay strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slots per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twitch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packet rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Siphon share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implode progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assemble state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part transform on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ripple peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part swing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part lift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = off, 1 = every splat has flown its full distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Radial: away from the centre; ring: outward in the horizontal plane; column: an upward plume; vortex: swirling around +Z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance travelled at progress 1 (each splat × 0.5..1.5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the motion turned along the killing shot&apos;s direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ripple</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Displacement along the normal at the wave front (0 = off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model units/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast the front travels from the hit point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance between wave crests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1/model units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How quickly the waves die out behind the front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = off; parts twitch, glitch and fade toward cyan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time slots per second; each slot picks one part to twitch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twitch distance along the normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the splats that glitch in each slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Siphon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of the splats that spiral into the centre (0 = off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cycles/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spiral cycles per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns around the centre per cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = off, 1 = every splat has reached the centre (each starts up to half the way late)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assemble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 = every splat displaced by up to the spread, 0 = assembled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest displacement at assemble state 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = off; panels lift along their normals and occluded splats glow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Panel lift at charge 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part transform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 applies each part&apos;s rigid transform (pivot, rotation, offset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The effect whose amount the timeline drives (0 → 1 → 0 per loop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of one 0 → 1 → 0 cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ripple amplitude at the middle of the loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak rotation of each part about its pivot (alternating direction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak offset of each part away from the model centre (part 0 stays)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Radial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Firework column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vortex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grey level behind the validation views for the metrics: 0.5 = grey (the usual yardstick), 1 = white</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boss (6000 splats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A boss or hero asset: 6000 splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Small (2000 splats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A small prop or enemy: 2000 splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hologram (1800 splats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hologram stand-in: its own 1800-splat training, exported under &lt;name&gt;-hologram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destruction</source>
        <translation>Destruction</translation>
    </message>
    <message>
        <source>Onion</source>
        <translation>Onion</translation>
    </message>
    <message>
        <source>Support</source>
        <translation>Support</translation>
    </message>
    <message>
        <source>Bodies</source>
        <translation>Bodies</translation>
    </message>
    <message>
        <source>Inward blend</source>
        <translation>Inward blend</translation>
    </message>
    <message>
        <source>Layer step</source>
        <translation>Layer step</translation>
    </message>
    <message>
        <source>Min layer step</source>
        <translation>Min layer step</translation>
    </message>
    <message>
        <source>Island size</source>
        <translation>Island size</translation>
    </message>
    <message>
        <source>Part threshold</source>
        <translation>Part threshold</translation>
    </message>
    <message>
        <source>Gravity</source>
        <translation>Gravity</translation>
    </message>
    <message>
        <source>Floor height</source>
        <translation>Floor height</translation>
    </message>
    <message>
        <source>Chunk lifetime</source>
        <translation>Chunk lifetime</translation>
    </message>
    <message>
        <source>Debris lifetime</source>
        <translation>Debris lifetime</translation>
    </message>
    <message>
        <source>Debris size</source>
        <translation>Debris size</translation>
    </message>
    <message>
        <source>Underside offset</source>
        <translation>Underside offset</translation>
    </message>
    <message>
        <source>Pool capacity</source>
        <translation>Pool capacity</translation>
    </message>
    <message>
        <source>Copies per piece</source>
        <translation>Copies per piece</translation>
    </message>
    <message>
        <source>Piece coverage</source>
        <translation>Piece coverage</translation>
    </message>
    <message>
        <source>Debris at once</source>
        <translation>Debris at once</translation>
    </message>
    <message>
        <source>model units/s²</source>
        <translation>model units/s²</translation>
    </message>
    <message>
        <source>layer steps</source>
        <translation>layer steps</translation>
    </message>
    <message>
        <source>0: layers go along -normal; 1: toward the centroid</source>
        <translation>0: layers go along -normal; 1: toward the centroid</translation>
    </message>
    <message>
        <source>The bake&apos;s thickness range: attrs.z = 1 means this thick</source>
        <translation>The bake&apos;s thickness range: attrs.z = 1 means this thick</translation>
    </message>
    <message>
        <source>Share of the hull thickness per layer</source>
        <translation>Share of the hull thickness per layer</translation>
    </message>
    <message>
        <source>Layer step where the hull has no thickness (open plates)</source>
        <translation>Layer step where the hull has no thickness (open plates)</translation>
    </message>
    <message>
        <source>Plating islands up to this many splats tear off</source>
        <translation>Plating islands up to this many splats tear off</translation>
    </message>
    <message>
        <source>Share of a part&apos;s splats knocked out that silences it</source>
        <translation>Share of a part&apos;s splats knocked out that silences it</translation>
    </message>
    <message>
        <source>Pulls torn pieces and debris along -Z</source>
        <translation>Pulls torn pieces and debris along -Z</translation>
    </message>
    <message>
        <source>Pieces and debris that fall below this height vanish</source>
        <translation>Pieces and debris that fall below this height vanish</translation>
    </message>
    <message>
        <source>A torn piece flies this long, then vanishes</source>
        <translation>A torn piece flies this long, then vanishes</translation>
    </message>
    <message>
        <source>A debris splat flies (and cools) this long</source>
        <translation>A debris splat flies (and cools) this long</translation>
    </message>
    <message>
        <source>Debris splats are drawn this much smaller than the splat they came from</source>
        <translation>Debris splats are drawn this much smaller than the splat they came from</translation>
    </message>
    <message>
        <source>How far inside the plating a torn piece&apos;s underside copies sit</source>
        <translation>How far inside the plating a torn piece&apos;s underside copies sit</translation>
    </message>
    <message>
        <source>Debris and piece copies alive at once (extra instances drawn every frame)</source>
        <translation>Debris and piece copies alive at once (extra instances drawn every frame)</translation>
    </message>
    <message>
        <source>A torn piece is drawn with at most this many plating copies (half as many underside), each larger</source>
        <translation>A torn piece is drawn with at most this many plating copies (half as many underside), each larger</translation>
    </message>
    <message>
        <source>A torn piece&apos;s copies together cover this many times its surface (never more than its splats did)</source>
        <translation>A torn piece&apos;s copies together cover this many times its surface (never more than its splats did)</translation>
    </message>
    <message>
        <source>At most this many white-hot debris splats fly at once</source>
        <translation>At most this many white-hot debris splats fly at once</translation>
    </message>
    <message>
        <source>AO lift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO is measured on the outermost surface within this distance above the splat (plates over a hull)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detached on-surface distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign 2: a small component whose median distance to the surface is at most this lies on real geometry and lives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splats at or below this opacity draw nothing and are dropped (MCMC&apos;s dead threshold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belly cull margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep splats whose normal turns away from every belt camera by less than this past 90°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Belly visible depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep a splat the belt sees through less than this of surface, whatever its normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centres closer than this to their face are reported as on it (the normal is the face&apos;s either way)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emission min brightness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only colours at least this bright (HSV value) light up: a rare dark or mid-tone colour is paint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weapon profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weapon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shot: narrow band on the struck side; blast: wide; epicenter: radial, tears the top; melee: dent; pierce: spall, channel, exit chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epicenter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>melee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pierce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>splat layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slot layers knocked out per hit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth band on the struck side (projection on the side&apos;s normal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks torn off per hit at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crack share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tear share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cracked chunk tears off first on the next hit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascade radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk spin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rad/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debris share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debris and heat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debris speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black-body cooling: heat(t) = exp(-cooling t)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spall radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Railgun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Channel radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: calm, every plant stands still</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direction x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wind direction on the ground (x, y); normalised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direction y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady lean of the plants and how fast the wind field drifts; 0 = still</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turbulence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random share of speed: how far a plant strays from the mean wind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strength of the gusts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gust speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How fast the gust pattern crosses the level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A light air: plants barely lean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong wind with heavy gusts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foliage look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Motion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Touch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far a small plant&apos;s tip leans away from a bender at its centre; 0 = no touch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shiver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiplies each material&apos;s shiver drag (the leaves&apos; own motion); 0 = none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue variation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue drift per copy, from a hash of the copy&apos;s position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sun wrap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrapped sun light (thin leaves pass light)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translucency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sun through a thin back-lit leaf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaf shadow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of a light&apos;s shadow a leaf card takes (bark takes all of it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sky AO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much baked sky visibility darkens ambient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canopy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card shading normal: its own plane (0) .. the crown&apos;s hull (1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strength of the cards&apos; normal maps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge fade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An edge-on card dissolves over this share of |N·V|; 0 = none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alpha × (1 + coverage × mip level): distant crowns keep their density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bender pushes plants whose footprint is within this distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full lean under</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plants up to this height lean fully</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lean from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lean fades to nothing by this plant height (a tree does not twist)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Velocity smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time constant of a bender&apos;s velocity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benders acting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this many benders nearest the camera act each frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foliage preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foliage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the open model in the viewport as foliage: scattered copies in the wind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many copies are scattered on the ground</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scatter seed: another seed, other places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side of the square the copies are scattered over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fade start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance from the camera where the copies start to thin out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fade end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance where the copies are gone; 0 = no fade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emission from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto: the model&apos;s emissive materials when it has any, else the rarest bright colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>materials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metres per unit of the asset (a cloud trained from a normalised model is in its normalised units); 0 = from the model&apos;s normalisation when known, else 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m per unit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::AutosaveController</name>
    <message>
        <source>Restore unsaved work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splatwright did not quit cleanly last time. Unsaved changes to %1 were autosaved at %2.
Restore them? (Discard deletes the autosave; the project file stays as it was saved.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::BakeController</name>
    <message>
        <source>%1 splats: press Re-run to find floaters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No splat cloud: open one (File ▸ Open Splat Cloud…) or train.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open splat file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot find floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot bake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baking and exporting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n splat(s)</source>
        <translation>
            <numerusform>Delete %n splat</numerusform>
            <numerusform>Delete %n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Crop to box (%n splat(s) removed)</source>
        <translation>
            <numerusform>Crop to box (%n splat removed)</numerusform>
            <numerusform>Crop to box (%n splats removed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep %n splat(s)</source>
        <translation>
            <numerusform>Keep %n splat</numerusform>
            <numerusform>Keep %n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hide %n splat(s)</source>
        <translation>
            <numerusform>Hide %n splat</numerusform>
            <numerusform>Hide %n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show %n splat(s)</source>
        <translation>
            <numerusform>Show %n splat</numerusform>
            <numerusform>Show %n splats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n floater(s) removed</source>
        <translation>
            <numerusform>%n floater removed</numerusform>
            <numerusform>%n floaters removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Baked: %n splat(s) in the game model</source>
        <translation>
            <numerusform>Baked: %n splat in the game model</numerusform>
            <numerusform>Baked: %n splats in the game model</numerusform>
        </translation>
    </message>
    <message>
        <source>The bake removed the selected splats: the view shows where they were</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected splats are not in the view</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetController</name>
    <message>
        <source>Cannot render the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No writable cache folder; choose an output folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rendering the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 train, %2 val, %3 test views (lighting %4 s, render %5 s, PNG %6 s)</source>
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
        <source>&amp;Grey Background</source>
        <translation>&amp;Grey Background</translation>
    </message>
    <message>
        <source>&amp;Black Background</source>
        <translation>&amp;Black Background</translation>
    </message>
    <message>
        <source>Round &amp;Splats (Alpha-to-Coverage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game&apos;s optional alpha-to-coverage splats: one triangle per core splat cut to its shape by coverage (about twice as fast on software OpenGL); off: the polygon fans, the default look. The game-scale views follow.</source>
        <translation type="unfinished"></translation>
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
    <message>
        <source>Bake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Splat &amp;Cloud…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Splat Cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splat files (*.ply *.spz *.splat *.sog meta.json lod-meta.json *.bin);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake when needed and write the game files into the export folder (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;utosave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Every %n minute(s)</source>
        <translation>
            <numerusform>Every minute</numerusform>
            <numerusform>Every %n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Game Camera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put every panel back where it starts: two tab groups on the right, the log and the look under the viewport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A training run is going: quitting cancels it (its last checkpoint stays).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has unsaved changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Splatwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destruction</source>
        <translation type="unfinished">Destruction</translation>
    </message>
    <message>
        <source>%1 does not look like a training of %2: %3 % of its splats lie within the model, at %4 times its size.

Open it on its own (the model closes), or judge it against %2 (its floater scan and bake use the model&apos;s mesh)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has unsaved changes: you are asked to save them first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on Its Own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge Against the Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A training run is going on the model: wait for it or cancel it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foliage</source>
        <translation type="unfinished"></translation>
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
    <name>sw::editor::ProjectController</name>
    <message>
        <source>Importing %1</source>
        <translation>Importing %1</translation>
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
        <source>Cannot open model</source>
        <translation>Cannot open model</translation>
    </message>
    <message>
        <source>%1 — Splatwright</source>
        <translation>%1 — Splatwright</translation>
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
    <message numerus="yes">
        <source>Assign %n face(s) to %1</source>
        <translation>
            <numerusform>Assign %n face to %1</numerusform>
            <numerusform>Assign %n faces to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation type="unfinished">Open Model</translation>
    </message>
    <message>
        <source>A training run is going on the current model. Open %1 anyway? The run goes on; its cloud stays with the current model&apos;s run folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splatwright</source>
        <translation type="unfinished">Splatwright</translation>
    </message>
    <message>
        <source>A training run is writing into %1: save when it ends (or cancel it), so that the run comes into the project&apos;s cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename parts</source>
        <translation type="unfinished"></translation>
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
    <name>sw::editor::SelectionController</name>
    <message>
        <source>Selected: %1 of %2 splats</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::editor::TrainingDock</name>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled while rendering the dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot render the dataset to train on: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset to train on: open a model (Start renders its dataset first) or render a dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot render the dataset to train on; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rendering the dataset first, then training…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy: a training run is going; cancel it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trained %1 splats in %2 s (relocated %3, added %4) → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; Resume continues from the checkpoint at step %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled before the first checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming the training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint at step %1 was trained on an earlier render of the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new run? It replaces the checkpoint at step %1 (Resume continues that run).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resumed with the checkpoint&apos;s settings (%1 changed; see the log).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No checkpoint of this run yet: cancelling loses its steps. Cancel the training?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::BakePanel</name>
    <message>
        <source>Bake or export to see the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake the current cloud against the current model (floaters, split, channels, materials, chunks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the game files into the export folder (baking first when needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>sw::widgets::DatasetPanel</name>
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
    <message>
        <source>Above %1 (%2 &gt; %3): lower this or raise %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A dataset is being rendered: wait for it or cancel it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the setting marked in red first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the training, validation and test views of the open model into the output folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::DestructPanel</name>
    <message>
        <source>No destruction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake a model (or open an export) to shoot it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Destruction Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destruction session (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Destruction Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hits %1, time %2 s
Dead slots (knocked out at least once) %3 of %4
Slots per layer 1–4: %5, %6, %7, %8
Chunks cracked %9, torn %10; islands torn %11
In flight: %12 pieces, %13 debris (pool %14)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (silenced)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weapon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loads a weapon profile into the fields below: a built-in, or one tuned for this model (an edit keeps it under its name, saved in the project and exported beside the asset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click the model to shoot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A click on the splat view fires the profile along the view ray through that pixel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Volley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the aim points and of the simulation (applied on Reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The side the shots come from and the game-scale view looks from (0: from −Y)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire volley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished">Seed</translation>
    </message>
    <message>
        <source>Heading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and heal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heals this share of the damage so far (100 %: the pristine plating)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replays the shots and steps up to this time (a shot from a scrubbed-back time drops what followed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes every shot, volley, step and heal so far (JSON); splatwright-cli destruct --replay plays it to the same state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays a saved session (from this dock or splatwright-cli destruct --save-session) on this model from the pristine state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game scale (×1, ×3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::EffectsPanel</name>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the effect loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shot direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a click on the splat model in the viewport sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t = %1 s of %2 s, amount %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit %1, centre %2, shot %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scrub through the loop: click or drag; arrows, Page Up/Down, Home/End; Space plays or pauses</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::FloaterPanel</name>
    <message>
        <source>far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>silhouette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scan yet: open a splat cloud and its model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan the current cloud again with the Bake panel&apos;s floater settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unflag the selected splats (or all listed ones) so the bake keeps them; undoable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n far from the surface</source>
        <translation>
            <numerusform>%n far from the surface</numerusform>
            <numerusform>%n far from the surface</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n detached from the body</source>
        <translation>
            <numerusform>%n detached from the body</numerusform>
            <numerusform>%n detached from the body</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outside the model&apos;s silhouette</source>
        <translation>
            <numerusform>%n outside the model&apos;s silhouette</numerusform>
            <numerusform>%n outside the model&apos;s silhouette</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n over background in the dataset&apos;s views</source>
        <translation>
            <numerusform>%n over background in the dataset&apos;s views</numerusform>
            <numerusform>%n over background in the dataset&apos;s views</numerusform>
        </translation>
    </message>
    <message>
        <source>none checked against the dataset&apos;s views (no dataset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n kept (marked Keep)</source>
        <translation>
            <numerusform>%n kept (marked Keep)</numerusform>
            <numerusform>%n kept (marked Keep)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last bake removed %n floater(s)</source>
        <translation>
            <numerusform>The last bake removed %n floater</numerusform>
            <numerusform>The last bake removed %n floaters</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-run scans the cloud again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) flagged as floaters</source>
        <translation>
            <numerusform>%n splat flagged as a floater</numerusform>
            <numerusform>%n splats flagged as floaters</numerusform>
        </translation>
    </message>
    <message>
        <source>Splat ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected splats (or all listed ones) from the cloud, never the kept ones; undoable (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the camera to the selected splats (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each splat is counted once, under the first of its signs (far, detached, outside the silhouette, over background); the Signs column lists all of them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::FoliagePanel</name>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the wind&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scrub the wind&apos;s time: the same time gives the same frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The benders: capsules that push the plants aside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add bender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bender at the centre of the copies: drag its capsule in the viewport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load bender path…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scripted benders walked along their paths in the wind&apos;s time (the JSON the foliage command reads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the bender chosen in the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the settings beside the asset as the game&apos;s scene JSON (&lt;name&gt;.foliage.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model to export its foliage settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export foliage settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and was not written by Splatwright. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load bender path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bender paths (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bender %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No benders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move bender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove bender</source>
        <translation type="unfinished"></translation>
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
    <name>sw::widgets::GameScalePanel</name>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height of the model on screen in the game (60–100 px)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game camera heading around the model (0 = front)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the game-scale sheet of the current splat model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No splat model: train or open a splat cloud first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game-scale view could not be rendered (see the log).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>black</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mesh ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>splats ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×1 and ×3 nearest-neighbour, on grey and on black; the source mesh beside the splats, drawn with the splats&apos; look.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no mesh to compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mesh drawn with the same cel bands and sun as the splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mesh drawn in flat colour like the splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the sheet shows: the current view, or a cloud or bake of the project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A second cloud or bake drawn below the first with the same settings, for an A/B compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No splat model in the view: train or open a splat cloud first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: no loader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s)</source>
        <translation>
            <numerusform>%n splat</numerusform>
            <numerusform>%n splats</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 core + %2 shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shrink the sheet to fit the dock (off: actual pixels, scrolled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current view — foliage at %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; one foliage copy of each asset in the dock&apos;s wind at %4 s.</source>
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
    <name>sw::widgets::LossChart</name>
    <message>
        <source>Train loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val PSNR (dB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss (L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PSNR (dB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::OverlayLegend</name>
    <message>
        <source>Part %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chitin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>circuit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Material overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s) in all, one hue each</source>
        <translation>
            <numerusform>%n chunk in all, one hue each</numerusform>
            <numerusform>%n chunks in all, one hue each</numerusform>
        </translation>
    </message>
    <message>
        <source>0: fully occluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0.5: half open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1: open sky</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO overlay (ambient occlusion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>level 1 (faint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>level 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>level 15 (brightest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emission overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splats that do not glow: their own colour, dimmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounded hexagon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floater (flagged for removal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floater overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept splats: their own colour, dimmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part colours</source>
        <translation type="unfinished"></translation>
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
    <message>
        <source>Named settings: the stage&apos;s own presets and yours (Save as…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the current values as a preset of your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the chosen preset of your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not apply preset %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is above the largest allowed value, %2: set to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is below the smallest allowed value, %2: set to %2.</source>
        <translation type="unfinished"></translation>
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
<context>
    <name>sw::widgets::RecipePanel</name>
    <message>
        <source>Rules in order, first match wins; unmatched splats are default. Hue in degrees (min &gt; max wraps through 0), saturation and value 0–1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sat min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sat max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bake again with this recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipes (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last bake: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last bake: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit recipe</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::SelectionPanel</name>
    <message>
        <source> (Shift adds, Ctrl subtracts, Alt turns the camera)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Front-most only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick only splats the camera sees, not those behind them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brush radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> model units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grow and Shrink reach this far (model units)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grow/shrink radius</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select every visible splat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the selection (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the visible splats that are not selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the splats within the radius of the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shrink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the selected splats near an unselected one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the camera to the selection (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the selected splats in the view (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the hidden splats again (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected splats from the cloud (Delete; undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete every splat outside the crop box while it shows, else outside the selection&apos;s bounding box (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crop box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a box in the viewport to drag and resize by its handles; Crop then deletes every splat outside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select by value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size (model units)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance to mesh (model units)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floater signs (0–4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the splats whose value lies in the range (Shift: add)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 splats selected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::TrainingPanel</name>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume from step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue from the run folder&apos;s last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No checkpoint in the run folder yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1/%2 — ETA %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final, step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 splats, train loss %3&lt;br&gt;val L1 %4 · PSNR %5 dB · SSIM %6&lt;br&gt;opaque %7% · outside silhouette %8 · %9 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint is at step %1: raise Steps above it to continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::ViewControls</name>
    <message>
        <source>Mesh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour the splats by one channel instead of their look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the opaque core splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the blended shell splats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOD: draw only the first k core splats (importance order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orbit Camera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game Camera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grey Background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black Background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level of detail: draws the first %1 of the model&apos;s %2 core (opaque) splats, most important first. The %3 shell (blended) splats are not counted here and always draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::Viewport</name>
    <message>
        <source>The floater mask has %1 flags for %2 splats; it is ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no splat model to show at game scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenGL is not available for the game-scale view.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sw::widgets::ScanHud</name>
    <message numerus="yes">
        <source>%n chunk(s) failed to load</source>
        <translation>
            <numerusform>%n chunk failed to load</numerusform>
            <numerusform>%n chunks failed to load</numerusform>
        </translation>
    </message>
</context>
</TS>
