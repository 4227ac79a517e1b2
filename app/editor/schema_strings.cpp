#include "app/editor/schema_strings.h"

#include <QTranslator>
#include <QtGlobal>

#include "app/editor/demo_command.h"
#include "core/bake/bake.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/destruct/simulation.h"
#include "core/destruct/weapon_profile.h"
#include "core/foliage/foliage_preview.h"
#include "core/foliage/foliage_settings.h"
#include "core/foliage/trim_file.h"
#include "core/geometry/import.h"
#include "core/lod/extract.h"
#include "core/lod/lod_tree.h"
#include "core/lod/resident_pool.h"
#include "core/lod/selection.h"
#include "core/render/effects_schema.h"
#ifdef SW_HAVE_TRAIN
#include "core/train/trainer.h"
#endif

namespace sw::editor {
namespace {

// Keep in sync with importSchema() (core/geometry/import.cpp), demoSchema()
// (core/demo/demo_drone.cpp), beltSchema() and datasetSchema() (core/dataset), trainSchema()
// (core/train), bakeSchema() (core/bake), weaponSchema() and simSchema() (core/destruct), the foliage schemas (core/foliage); the editor test fails when a string is missing here.
const char* const LUPDATE_LIST[] = {
    QT_TRANSLATE_NOOP("schema", "Import"),
    QT_TRANSLATE_NOOP("schema", "Normalise"),
    QT_TRANSLATE_NOOP("schema", "Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded"),
    QT_TRANSLATE_NOOP("schema", "Cube edge"),
    QT_TRANSLATE_NOOP("schema", "model units"),
    QT_TRANSLATE_NOOP("schema", "Edge of the normalisation cube; the pipeline's camera radius 3.2 assumes 1.6"),
    QT_TRANSLATE_NOOP("schema", "Repair winding"),
    QT_TRANSLATE_NOOP("schema", "Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)"),
    QT_TRANSLATE_NOOP("schema", "Small texture warning"),
    QT_TRANSLATE_NOOP("schema", "px"),
    QT_TRANSLATE_NOOP("schema", "Warn when a base-colour texture covering a large part of the model is smaller than this on a side"),
    QT_TRANSLATE_NOOP("schema", "Read files outside the model's folder"),
    QT_TRANSLATE_NOOP("schema", "Read buffers and images that a glTF names outside its own folder (../, absolute paths); off, such a model is refused naming the file"),
    QT_TRANSLATE_NOOP("schema", "Demo asset"),
    QT_TRANSLATE_NOOP("schema", "Style"),
    QT_TRANSLATE_NOOP("schema", "drone: the bundled boss drone; plated: a closed hull under coarse open plates with gaps (AI-generated bosses)"),
    QT_TRANSLATE_NOOP("schema", "drone"),
    QT_TRANSLATE_NOOP("schema", "plated"),
    QT_TRANSLATE_NOOP("schema", "Seed"),
    QT_TRANSLATE_NOOP("schema", "Random seed: plate styles, paint and which plates are wound inward"),
    QT_TRANSLATE_NOOP("schema", "Plates"),
    QT_TRANSLATE_NOOP("schema", "Open plate components in the whole model (each its own connected component)"),
    QT_TRANSLATE_NOOP("schema", "Texture size"),
    QT_TRANSLATE_NOOP("schema", "Edge of the square base-colour texture"),
    QT_TRANSLATE_NOOP("schema", "Inverted share"),
    QT_TRANSLATE_NOOP("schema", "Style"),
    QT_TRANSLATE_NOOP("schema", "drone: the bundled boss drone; plated: a closed hull under coarse open plates with gaps "
                                "(AI-generated bosses)"),
    QT_TRANSLATE_NOOP("schema", "drone"),
    QT_TRANSLATE_NOOP("schema", "plated"),
    QT_TRANSLATE_NOOP("schema", "Share of plates with reversed (inward) winding, as generated models have"),
    QT_TRANSLATE_NOOP("schema", "Atlas margin"),
    QT_TRANSLATE_NOOP("schema", "Padding around each plate's cell of the texture atlas"),
    // beltSchema() and datasetSchema() (core/dataset/belt.cpp, dataset_stage.cpp)
    QT_TRANSLATE_NOOP("schema", "Camera belt"),
    QT_TRANSLATE_NOOP("schema", "Train views"),
    QT_TRANSLATE_NOOP("schema", "Number of training views on the golden spiral"),
    QT_TRANSLATE_NOOP("schema", "Belt"),
    QT_TRANSLATE_NOOP("schema", "Lowest elevation"),
    QT_TRANSLATE_NOOP("schema", "Bottom of the camera belt; 14° sees under guns"),
    QT_TRANSLATE_NOOP("schema", "deg"),
    QT_TRANSLATE_NOOP("schema", "Highest elevation"),
    QT_TRANSLATE_NOOP("schema", "Top of the camera belt"),
    QT_TRANSLATE_NOOP("schema", "Camera distance"),
    QT_TRANSLATE_NOOP("schema", "Radius of the camera sphere; the model fits a cube of edge 1.6"),
    QT_TRANSLATE_NOOP("schema", "Field of view"),
    QT_TRANSLATE_NOOP("schema", "Horizontal field of view (camera_angle_x)"),
    QT_TRANSLATE_NOOP("schema", "Validation views"),
    QT_TRANSLATE_NOOP("schema", "Validation views on one ring"),
    QT_TRANSLATE_NOOP("schema", "Validation and test"),
    QT_TRANSLATE_NOOP("schema", "Validation elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the validation ring"),
    QT_TRANSLATE_NOOP("schema", "Test views per ring"),
    QT_TRANSLATE_NOOP("schema", "Test views on each of the two test rings"),
    QT_TRANSLATE_NOOP("schema", "Low test elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the lower test ring"),
    QT_TRANSLATE_NOOP("schema", "High test elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the upper test ring"),
    QT_TRANSLATE_NOOP("schema", "Dataset"),
    QT_TRANSLATE_NOOP("schema", "Resolution"),
    QT_TRANSLATE_NOOP("schema", "Side of the square RGBA images (training usually downsamples to 400)"),
    QT_TRANSLATE_NOOP("schema", "Images"),
    QT_TRANSLATE_NOOP("schema", "Lighting recipe"),
    QT_TRANSLATE_NOOP("schema", "ao"),
    QT_TRANSLATE_NOOP("schema", "flat"),
    QT_TRANSLATE_NOOP("schema", "cel"),
    QT_TRANSLATE_NOOP("schema", "ao: diffuse under a white dome with bounce light, as Blender Cycles (default); flat: albedo; "
                      "cel: toon bands baked in"),
    QT_TRANSLATE_NOOP("schema", "Lighting"),
    QT_TRANSLATE_NOOP("schema", "AO rays"),
    QT_TRANSLATE_NOOP("schema", "AO bounces"),
    QT_TRANSLATE_NOOP("schema", "Diffuse bounces of interreflection under the dome (0: sky visibility only)"),
    QT_TRANSLATE_NOOP("schema", "Hemisphere rays per vertex and side for the dome lighting"),
    QT_TRANSLATE_NOOP("schema", "AO detail"),
    QT_TRANSLATE_NOOP("schema", "Edges longer than this are split before baking the dome lighting"),
    QT_TRANSLATE_NOOP("schema", "Anti-aliasing"),
    QT_TRANSLATE_NOOP("schema", "samples"),
    QT_TRANSLATE_NOOP("schema", "MSAA samples; alpha at silhouettes is the coverage"),
    QT_TRANSLATE_NOOP("schema", "PNG compression"),
    QT_TRANSLATE_NOOP("schema", "zlib level of the written PNGs: lower is faster"),
    QT_TRANSLATE_NOOP("schema", "Seed of the sky-visibility rays"),
    // trainSchema() (core/train/trainer.cpp), the Training panel
    QT_TRANSLATE_NOOP("schema", "Training"),
    QT_TRANSLATE_NOOP("schema", "Splat budget"),
    QT_TRANSLATE_NOOP("schema", "splats"),
    QT_TRANSLATE_NOOP("schema", "Budget"),
    QT_TRANSLATE_NOOP("schema", "Hard cap on the number of splats; a smaller budget is a retrain, never a slice"),
    QT_TRANSLATE_NOOP("schema", "Steps"),
    QT_TRANSLATE_NOOP("schema", "Resolution"),
    QT_TRANSLATE_NOOP("schema", "px"),
    QT_TRANSLATE_NOOP("schema", "Width of the training images; they are area-resized once at load"),
    QT_TRANSLATE_NOOP("schema", "Seed"),
    QT_TRANSLATE_NOOP("schema", "Position LR"),
    QT_TRANSLATE_NOOP("schema", "Optimizer"),
    QT_TRANSLATE_NOOP("schema", "Adam learning rate of the means, multiplied by the scene scale"),
    QT_TRANSLATE_NOOP("schema", "Position LR final factor"),
    QT_TRANSLATE_NOOP("schema", "Scale LR"),
    QT_TRANSLATE_NOOP("schema", "Rotation LR"),
    QT_TRANSLATE_NOOP("schema", "Opacity LR"),
    QT_TRANSLATE_NOOP("schema", "Colour LR"),
    QT_TRANSLATE_NOOP("schema", "Alpha loss weight"),
    QT_TRANSLATE_NOOP("schema", "Loss"),
    QT_TRANSLATE_NOOP("schema", "Opacity entropy weight"),
    QT_TRANSLATE_NOOP("schema", "Weight of mean o(1-o), ramped in over the last steps"),
    QT_TRANSLATE_NOOP("schema", "Entropy ramp start"),
    QT_TRANSLATE_NOOP("schema", "Share of the steps before the entropy penalty starts"),
    QT_TRANSLATE_NOOP("schema", "Relocation start"),
    QT_TRANSLATE_NOOP("schema", "steps"),
    QT_TRANSLATE_NOOP("schema", "MCMC"),
    QT_TRANSLATE_NOOP("schema", "Relocation stop before end"),
    QT_TRANSLATE_NOOP("schema", "Relocation period"),
    QT_TRANSLATE_NOOP("schema", "Dead opacity"),
    QT_TRANSLATE_NOOP("schema", "AO lift"),
    QT_TRANSLATE_NOOP("schema", "AO is measured on the outermost surface within this distance above the splat (plates over a hull)"),
    QT_TRANSLATE_NOOP("schema", "Detached on-surface distance"),
    QT_TRANSLATE_NOOP("schema", "Sign 2: a small component whose median distance to the surface is at most this lies on real geometry and lives"),
    QT_TRANSLATE_NOOP("schema", "Splats at or below this opacity draw nothing and are dropped (MCMC's dead threshold)"),
    QT_TRANSLATE_NOOP("schema", "Belly cull margin"),
    QT_TRANSLATE_NOOP("schema", "Keep splats whose normal turns away from every belt camera by less than this past 90°"),
    QT_TRANSLATE_NOOP("schema", "Belly visible depth"),
    QT_TRANSLATE_NOOP("schema", "Keep a splat the belt sees through less than this of surface, whatever its normal"),
    QT_TRANSLATE_NOOP("schema", "Position noise"),
    QT_TRANSLATE_NOOP("schema", "Metrics period"),
    QT_TRANSLATE_NOOP("schema", "Output"),
    QT_TRANSLATE_NOOP("schema", "Checkpoint period"),
    QT_TRANSLATE_NOOP("schema", "Preview period"),
    QT_TRANSLATE_NOOP("schema", "Validation background"),
    QT_TRANSLATE_NOOP("schema", "Grey level behind the validation views for the metrics: 0.5 = grey (the usual yardstick), 1 = white"),
    QT_TRANSLATE_NOOP("schema", "Threads"),
    QT_TRANSLATE_NOOP("schema", "Rasterizer threads; 0 uses all cores"),
    QT_TRANSLATE_NOOP("schema", "Device"),
    QT_TRANSLATE_NOOP("schema", "cpu"),
    QT_TRANSLATE_NOOP("schema", "cuda"),
    QT_TRANSLATE_NOOP("schema", "Train on the CPU or on an NVIDIA GPU (needs a CUDA build and a GPU)"),    // bakeSchema() (core/bake: normal snap, floaters, split, orders, channels, materials, chunks)
    QT_TRANSLATE_NOOP("schema", "Bake"),
    QT_TRANSLATE_NOOP("schema", "On-surface distance"),
    QT_TRANSLATE_NOOP("schema", "Normal snap"),
    QT_TRANSLATE_NOOP("schema", "Centres closer than this to their face take the side whose ray escapes the mesh"),
    QT_TRANSLATE_NOOP("schema", "Centres closer than this to their face are reported as on it (the normal is the face's either way)"),
    QT_TRANSLATE_NOOP("schema", "Far from mesh"),
    QT_TRANSLATE_NOOP("schema", "Floaters"),
    QT_TRANSLATE_NOOP("schema", "Sign 1: splats whose centre is farther than this from the surface"),
    QT_TRANSLATE_NOOP("schema", "Link radius"),
    QT_TRANSLATE_NOOP("schema", "Sign 2: neighbour graph edge length; 0 = link factor × mean spacing"),
    QT_TRANSLATE_NOOP("schema", "Link factor"),
    QT_TRANSLATE_NOOP("schema", "Sign 2: automatic link radius in mean spacings"),
    QT_TRANSLATE_NOOP("schema", "Silhouette azimuths"),
    QT_TRANSLATE_NOOP("schema", "Silhouette elevations"),
    QT_TRANSLATE_NOOP("schema", "Lowest view"),
    QT_TRANSLATE_NOOP("schema", "Highest view"),
    QT_TRANSLATE_NOOP("schema", "View distance"),
    QT_TRANSLATE_NOOP("schema", "Silhouette miss share"),
    QT_TRANSLATE_NOOP("schema", "Sign 3: flagged when this share of the views that see the splat miss the mesh"),
    QT_TRANSLATE_NOOP("schema", "Silhouette min views"),
    QT_TRANSLATE_NOOP("schema", "Silhouette slack"),
    QT_TRANSLATE_NOOP("schema", "Silhouette tolerance"),
    QT_TRANSLATE_NOOP("schema", "Sign 3: a splat must stick out of the silhouette by more than this"),
    QT_TRANSLATE_NOOP("schema", "Disc radius"),
    QT_TRANSLATE_NOOP("schema", "sigma"),
    QT_TRANSLATE_NOOP("schema", "Sign 4: projected disc radius in sigmas of the largest axis"),
    QT_TRANSLATE_NOOP("schema", "Background alpha"),
    QT_TRANSLATE_NOOP("schema", "Remove far"),
    QT_TRANSLATE_NOOP("schema", "Remove detached"),
    QT_TRANSLATE_NOOP("schema", "Remove silhouette"),
    QT_TRANSLATE_NOOP("schema", "Remove dataset floaters"),
    QT_TRANSLATE_NOOP("schema", "Core opacity"),
    QT_TRANSLATE_NOOP("schema", "Core and shell"),
    QT_TRANSLATE_NOOP("schema", "Splats more opaque than this are drawn as opaque octagons"),
    QT_TRANSLATE_NOOP("schema", "Disc opacity floor"),
    QT_TRANSLATE_NOOP("schema", "Disc scale"),
    QT_TRANSLATE_NOOP("schema", "Core major axes are scaled by visible radius × this"),
    QT_TRANSLATE_NOOP("schema", "Belly cull"),
    QT_TRANSLATE_NOOP("schema", "Drop splats whose normal faces no camera of the game belt"),
    QT_TRANSLATE_NOOP("schema", "Belt lowest"),
    QT_TRANSLATE_NOOP("schema", "Belt highest"),
    QT_TRANSLATE_NOOP("schema", "Game camera tilt"),
    QT_TRANSLATE_NOOP("schema", "Orders"),
    QT_TRANSLATE_NOOP("schema", "Fixed elevation of the game camera the 64 shell orders are sorted for"),
    QT_TRANSLATE_NOOP("schema", "Channels"),
    QT_TRANSLATE_NOOP("schema", "AO distance"),
    QT_TRANSLATE_NOOP("schema", "Emission from"),
    QT_TRANSLATE_NOOP("schema", "auto: the model's emissive materials when it has any, else the rarest bright colours"),
    QT_TRANSLATE_NOOP("schema", "auto"),
    QT_TRANSLATE_NOOP("schema", "materials"),
    QT_TRANSLATE_NOOP("schema", "rarity"),
    QT_TRANSLATE_NOOP("schema", "off"),
    QT_TRANSLATE_NOOP("schema", "Emissive share"),
    QT_TRANSLATE_NOOP("schema", "The rarest colours (farthest from the hull's median) light up, at most this share"),
    QT_TRANSLATE_NOOP("schema", "Emission min distance"),
    QT_TRANSLATE_NOOP("schema", "Emission min brightness"),
    QT_TRANSLATE_NOOP("schema", "Only colours at least this bright (HSV value) light up: a rare dark or mid-tone colour is paint"),
    QT_TRANSLATE_NOOP("schema", "Thickness range"),
    QT_TRANSLATE_NOOP("schema", "Plate percentile"),
    QT_TRANSLATE_NOOP("schema", "Dot percentile"),
    QT_TRANSLATE_NOOP("schema", "Material recipe"),
    QT_TRANSLATE_NOOP("schema", "Materials"),
    QT_TRANSLATE_NOOP("schema", "JSON recipe: ordered (class, hue, saturation, value) rules; empty = built-in"),
    QT_TRANSLATE_NOOP("schema", "Smoothing passes"),
    QT_TRANSLATE_NOOP("schema", "Smoothing radius"),
    QT_TRANSLATE_NOOP("schema", "0 = 2.5 mean spacings"),
    QT_TRANSLATE_NOOP("schema", "Splats per chunk"),
    QT_TRANSLATE_NOOP("schema", "Chunks"),
    QT_TRANSLATE_NOOP("schema", "Target chunk size; chunks are balanced by area, not count"),
    QT_TRANSLATE_NOOP("schema", "Lloyd iterations"),
    QT_TRANSLATE_NOOP("schema", "Jitter iterations"),
    QT_TRANSLATE_NOOP("schema", "Border jitter"),
    QT_TRANSLATE_NOOP("schema", "chunk radii"),
    QT_TRANSLATE_NOOP("schema", "Chunk seed"),
    QT_TRANSLATE_NOOP("schema", "Max chunks"),
    QT_TRANSLATE_NOOP("schema", "1 + chunk·8 + material must stay ≤ 2048 (half-float exact)"),
    // effectsSchema() and effectTimelineSchema() (core/render/effects_schema.cpp), the Effects panel
    QT_TRANSLATE_NOOP("schema", "Effects"),
    QT_TRANSLATE_NOOP("schema", "Effect timeline"),
    QT_TRANSLATE_NOOP("schema", "Scatter progress"),
    QT_TRANSLATE_NOOP("schema", "Mode"),
    QT_TRANSLATE_NOOP("schema", "Distance"),
    QT_TRANSLATE_NOOP("schema", "Kinetic bias"),
    QT_TRANSLATE_NOOP("schema", "Ripple amplitude"),
    QT_TRANSLATE_NOOP("schema", "Speed"),
    QT_TRANSLATE_NOOP("schema", "Wavelength"),
    QT_TRANSLATE_NOOP("schema", "Decay"),
    QT_TRANSLATE_NOOP("schema", "Link decay strength"),
    QT_TRANSLATE_NOOP("schema", "Slots per second"),
    QT_TRANSLATE_NOOP("schema", "Twitch"),
    QT_TRANSLATE_NOOP("schema", "Packet rate"),
    QT_TRANSLATE_NOOP("schema", "Siphon share"),
    QT_TRANSLATE_NOOP("schema", "Turns"),
    QT_TRANSLATE_NOOP("schema", "Implode progress"),
    QT_TRANSLATE_NOOP("schema", "Assemble state"),
    QT_TRANSLATE_NOOP("schema", "Spread"),
    QT_TRANSLATE_NOOP("schema", "Charge"),
    QT_TRANSLATE_NOOP("schema", "Lift"),
    QT_TRANSLATE_NOOP("schema", "Part transform on"),
    QT_TRANSLATE_NOOP("schema", "Effect"),
    QT_TRANSLATE_NOOP("schema", "Loop length"),
    QT_TRANSLATE_NOOP("schema", "Ripple peak"),
    QT_TRANSLATE_NOOP("schema", "Part swing"),
    QT_TRANSLATE_NOOP("schema", "Part lift"),
    QT_TRANSLATE_NOOP("schema", "Off"),
    QT_TRANSLATE_NOOP("schema", "Scatter"),
    QT_TRANSLATE_NOOP("schema", "0 = off, 1 = every splat has flown its full distance"),
    QT_TRANSLATE_NOOP("schema", "Radial: away from the centre; ring: outward in the horizontal plane; column: an upward plume; vortex: swirling around +Z"),
    QT_TRANSLATE_NOOP("schema", "model units"),
    QT_TRANSLATE_NOOP("schema", "Distance travelled at progress 1 (each splat × 0.5..1.5)"),
    QT_TRANSLATE_NOOP("schema", "Share of the motion turned along the killing shot's direction"),
    QT_TRANSLATE_NOOP("schema", "Ripple"),
    QT_TRANSLATE_NOOP("schema", "Displacement along the normal at the wave front (0 = off)"),
    QT_TRANSLATE_NOOP("schema", "model units/s"),
    QT_TRANSLATE_NOOP("schema", "How fast the front travels from the hit point"),
    QT_TRANSLATE_NOOP("schema", "Distance between wave crests"),
    QT_TRANSLATE_NOOP("schema", "1/model units"),
    QT_TRANSLATE_NOOP("schema", "How quickly the waves die out behind the front"),
    QT_TRANSLATE_NOOP("schema", "Link decay"),
    QT_TRANSLATE_NOOP("schema", "0 = off; parts twitch, glitch and fade toward cyan"),
    QT_TRANSLATE_NOOP("schema", "1/s"),
    QT_TRANSLATE_NOOP("schema", "Time slots per second; each slot picks one part to twitch"),
    QT_TRANSLATE_NOOP("schema", "Twitch distance along the normal"),
    QT_TRANSLATE_NOOP("schema", "Share of the splats that glitch in each slot"),
    QT_TRANSLATE_NOOP("schema", "Siphon"),
    QT_TRANSLATE_NOOP("schema", "Fraction of the splats that spiral into the centre (0 = off)"),
    QT_TRANSLATE_NOOP("schema", "cycles/s"),
    QT_TRANSLATE_NOOP("schema", "Spiral cycles per second"),
    QT_TRANSLATE_NOOP("schema", "Turns around the centre per cycle"),
    QT_TRANSLATE_NOOP("schema", "Implode"),
    QT_TRANSLATE_NOOP("schema", "0 = off, 1 = every splat has reached the centre (each starts up to half the way late)"),
    QT_TRANSLATE_NOOP("schema", "Assemble"),
    QT_TRANSLATE_NOOP("schema", "1 = every splat displaced by up to the spread, 0 = assembled"),
    QT_TRANSLATE_NOOP("schema", "Largest displacement at assemble state 1"),
    QT_TRANSLATE_NOOP("schema", "0 = off; panels lift along their normals and occluded splats glow"),
    QT_TRANSLATE_NOOP("schema", "Panel lift at charge 1"),
    QT_TRANSLATE_NOOP("schema", "Part transform"),
    QT_TRANSLATE_NOOP("schema", "1 applies each part's rigid transform (pivot, rotation, offset)"),
    QT_TRANSLATE_NOOP("schema", "Timeline"),
    QT_TRANSLATE_NOOP("schema", "The effect whose amount the timeline drives (0 → 1 → 0 per loop)"),
    QT_TRANSLATE_NOOP("schema", "s"),
    QT_TRANSLATE_NOOP("schema", "Duration of one 0 → 1 → 0 cycle"),
    QT_TRANSLATE_NOOP("schema", "Ripple amplitude at the middle of the loop"),
    QT_TRANSLATE_NOOP("schema", "deg"),
    QT_TRANSLATE_NOOP("schema", "Peak rotation of each part about its pivot (alternating direction)"),
    QT_TRANSLATE_NOOP("schema", "Peak offset of each part away from the model centre (part 0 stays)"),
    QT_TRANSLATE_NOOP("schema", "Radial"),
    QT_TRANSLATE_NOOP("schema", "Ring"),
    QT_TRANSLATE_NOOP("schema", "Firework column"),
    QT_TRANSLATE_NOOP("schema", "Vortex"),
    // weaponSchema() (core/destruct/weapon_profile.cpp), the Destruction dock
    QT_TRANSLATE_NOOP("schema", "Weapon profile"),
    QT_TRANSLATE_NOOP("schema", "Name"),
    QT_TRANSLATE_NOOP("schema", "Weapon"),
    QT_TRANSLATE_NOOP("schema", "Hit kind"),
    QT_TRANSLATE_NOOP("schema", "shot: narrow band on the struck side; blast: wide; epicenter: radial, tears the top; melee: dent; pierce: spall, channel, exit chunk"),
    QT_TRANSLATE_NOOP("schema", "shot"),
    QT_TRANSLATE_NOOP("schema", "blast"),
    QT_TRANSLATE_NOOP("schema", "epicenter"),
    QT_TRANSLATE_NOOP("schema", "melee"),
    QT_TRANSLATE_NOOP("schema", "pierce"),
    QT_TRANSLATE_NOOP("schema", "Damage"),
    QT_TRANSLATE_NOOP("schema", "splat layers"),
    QT_TRANSLATE_NOOP("schema", "Slot layers knocked out per hit"),
    QT_TRANSLATE_NOOP("schema", "Radius"),
    QT_TRANSLATE_NOOP("schema", "model units"),
    QT_TRANSLATE_NOOP("schema", "Side band"),
    QT_TRANSLATE_NOOP("schema", "Depth band on the struck side (projection on the side's normal)"),
    QT_TRANSLATE_NOOP("schema", "Chunk budget"),
    QT_TRANSLATE_NOOP("schema", "Chunks"),
    QT_TRANSLATE_NOOP("schema", "Chunks torn off per hit at most"),
    QT_TRANSLATE_NOOP("schema", "Crack share"),
    QT_TRANSLATE_NOOP("schema", "Tear share"),
    QT_TRANSLATE_NOOP("schema", "Cascade"),
    QT_TRANSLATE_NOOP("schema", "A cracked chunk tears off first on the next hit"),
    QT_TRANSLATE_NOOP("schema", "Cascade radius"),
    QT_TRANSLATE_NOOP("schema", "Chunk speed"),
    QT_TRANSLATE_NOOP("schema", "model units/s"),
    QT_TRANSLATE_NOOP("schema", "Chunk spin"),
    QT_TRANSLATE_NOOP("schema", "rad/s"),
    QT_TRANSLATE_NOOP("schema", "Debris share"),
    QT_TRANSLATE_NOOP("schema", "Debris and heat"),
    QT_TRANSLATE_NOOP("schema", "Debris speed"),
    QT_TRANSLATE_NOOP("schema", "Cooling"),
    QT_TRANSLATE_NOOP("schema", "1/s"),
    QT_TRANSLATE_NOOP("schema", "Black-body cooling: heat(t) = exp(-cooling t)"),
    QT_TRANSLATE_NOOP("schema", "Spall radius"),
    QT_TRANSLATE_NOOP("schema", "Railgun"),
    QT_TRANSLATE_NOOP("schema", "Channel radius"),
    // simSchema() (core/destruct/simulation.cpp), the Destruction dock's Simulation group
    QT_TRANSLATE_NOOP("schema", "Destruction"),
    QT_TRANSLATE_NOOP("schema", "Onion"),
    QT_TRANSLATE_NOOP("schema", "Support"),
    QT_TRANSLATE_NOOP("schema", "Bodies"),
    QT_TRANSLATE_NOOP("schema", "Inward blend"),
    QT_TRANSLATE_NOOP("schema", "Layer step"),
    QT_TRANSLATE_NOOP("schema", "Min layer step"),
    QT_TRANSLATE_NOOP("schema", "Island size"),
    QT_TRANSLATE_NOOP("schema", "Part threshold"),
    QT_TRANSLATE_NOOP("schema", "Gravity"),
    QT_TRANSLATE_NOOP("schema", "Floor height"),
    QT_TRANSLATE_NOOP("schema", "Chunk lifetime"),
    QT_TRANSLATE_NOOP("schema", "Debris lifetime"),
    QT_TRANSLATE_NOOP("schema", "Debris size"),
    QT_TRANSLATE_NOOP("schema", "Underside offset"),
    QT_TRANSLATE_NOOP("schema", "Pool capacity"),
    QT_TRANSLATE_NOOP("schema", "Copies per piece"),
    QT_TRANSLATE_NOOP("schema", "Piece coverage"),
    QT_TRANSLATE_NOOP("schema", "Debris at once"),
    QT_TRANSLATE_NOOP("schema", "model units/s²"),
    QT_TRANSLATE_NOOP("schema", "layer steps"),
    QT_TRANSLATE_NOOP("schema", "0: layers go along -normal; 1: toward the centroid"),
    QT_TRANSLATE_NOOP("schema", "The bake's thickness range: attrs.z = 1 means this thick"),
    QT_TRANSLATE_NOOP("schema", "Share of the hull thickness per layer"),
    QT_TRANSLATE_NOOP("schema", "Layer step where the hull has no thickness (open plates)"),
    QT_TRANSLATE_NOOP("schema", "Plating islands up to this many splats tear off"),
    QT_TRANSLATE_NOOP("schema", "Share of a part's splats knocked out that silences it"),
    QT_TRANSLATE_NOOP("schema", "Pulls torn pieces and debris along -Z"),
    QT_TRANSLATE_NOOP("schema", "Pieces and debris that fall below this height vanish"),
    QT_TRANSLATE_NOOP("schema", "A torn piece flies this long, then vanishes"),
    QT_TRANSLATE_NOOP("schema", "A debris splat flies (and cools) this long"),
    QT_TRANSLATE_NOOP("schema", "Debris splats are drawn this much smaller than the splat they came from"),
    QT_TRANSLATE_NOOP("schema", "How far inside the plating a torn piece's underside copies sit"),
    QT_TRANSLATE_NOOP("schema", "Debris and piece copies alive at once (extra instances drawn every frame)"),
    QT_TRANSLATE_NOOP("schema", "A torn piece is drawn with at most this many plating copies (half as many underside), each larger"),
    QT_TRANSLATE_NOOP("schema", "A torn piece's copies together cover this many times its surface (never more than its splats did)"),
    QT_TRANSLATE_NOOP("schema", "At most this many white-hot debris splats fly at once"),
    // The trainer's budget presets (core/train/trainer.cpp), the Training panel's preset box
    QT_TRANSLATE_NOOP("schema", "Boss (6000 splats)"),
    QT_TRANSLATE_NOOP("schema", "A boss or hero asset: 6000 splats"),
    QT_TRANSLATE_NOOP("schema", "Small (2000 splats)"),
    QT_TRANSLATE_NOOP("schema", "A small prop or enemy: 2000 splats"),
    QT_TRANSLATE_NOOP("schema", "Hologram (1800 splats)"),
    QT_TRANSLATE_NOOP("schema", "The hologram stand-in: its own 1800-splat training, exported under <name>-hologram"),};

void collect(const ParamSchema& schema, QStringList& out) {
    auto push = [&out](const std::string& s) {
        if (!s.empty() && !out.contains(QString::fromStdString(s))) out << QString::fromStdString(s);
    };
    push(schema.title());
    for (const ParamSpec& spec : schema.params()) {
        push(spec.label);
        push(spec.tooltip);
        push(spec.group);
        push(spec.unit);
        for (const std::string& choice : spec.choices) push(choice);
    }
    for (const ParamPreset& preset : schema.presets()) {  // the panels' preset box
        push(preset.label);
        push(preset.tooltip);
    }
}

}  // namespace

QStringList schemaStrings() {
    QStringList out;
    collect(geometry::importSchema().schema(), out);
    collect(demoParamSchema(), out);
    collect(dataset::beltSchema().schema(), out);
    collect(dataset::datasetSchema().schema(), out);
    collect(bake::bakeSchema().schema(), out);
    collect(render::effectsSchema().schema(), out);
    collect(render::effectTimelineSchema().schema(), out);
    collect(destruct::weaponSchema().schema(), out);
    collect(destruct::simSchema().schema(), out);
    collect(foliage::windSchema().schema(), out);
    collect(foliage::lookSchema().schema(), out);
    collect(foliage::touchSchema().schema(), out);
    collect(foliage::previewSchema().schema(), out);
    collect(foliage::trimSchema().schema(), out);
    collect(lod::lodSchema().schema(), out);
    collect(lod::selectionSchema().schema(), out);
    collect(lod::streamSchema().schema(), out);
    collect(lod::extractSchema().schema(), out);
#ifdef SW_HAVE_TRAIN
    collect(train::trainSchema().schema(), out);
#endif
    return out;
}

QStringList untranslatedSchemaStrings(const QTranslator& translator) {
    QStringList listed;
    for (const char* s : LUPDATE_LIST) listed << QString::fromUtf8(s);
    listed << foliageSchemaList() << scanSchemaList();
    QStringList problems;
    for (const QString& s : schemaStrings()) {
        const QByteArray utf8 = s.toUtf8();
        if (!listed.contains(s)) problems << QStringLiteral("not listed: ") + s;
        if (translator.translate("schema", utf8.constData()).isEmpty()) problems << QStringLiteral("untranslated: ") + s;
    }
    return problems;
}

}  // namespace sw::editor
