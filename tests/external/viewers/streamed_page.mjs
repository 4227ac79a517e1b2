// Loads a Streamed SOG's lod-meta.json with PlayCanvas's own loader (the gsplat asset's octree
// parser) and every SOG file it names (the gsplat SOG parser; centres decoded by the engine's
// shader). Query: file=URL of lod-meta.json. Sets window.result = {lodLevels, levels (splats per
// level from the octree's nodes), files [{url, lodLevel, numSplats}], centres (decoded), outside
// (centres of a node's run farther outside the node's bound than `slack`)} or {error}.
import * as pc from 'playcanvas';

const params = new URLSearchParams(location.search);

(async () => {
    try {
        const canvas = document.getElementById('c');
        const device = await pc.createGraphicsDevice(canvas, { deviceTypes: ['webgl2'], antialias: false });
        const opts = new pc.AppOptions();
        opts.graphicsDevice = device;
        opts.componentSystems = [pc.GSplatComponentSystem];
        opts.resourceHandlers = [pc.TextureHandler, pc.GSplatHandler];
        const app = new pc.AppBase(canvas);
        app.init(opts);
        app.start();
        const load = (url) => new Promise((resolve, reject) => {
            const asset = new pc.Asset(url, 'gsplat', { url });
            asset.once('load', () => resolve(asset.resource));
            asset.once('error', (e) => reject(new Error(`${url}: ${e}`)));
            app.assets.add(asset);
            app.assets.load(asset);
        });
        const octree = (await load(params.get('file'))).octree;
        const levels = new Array(octree.lodLevels).fill(0);
        for (const node of octree.nodes) node.lods.forEach((lod, l) => { levels[l] += lod.count; });
        const files = [];
        const centresOf = [];
        for (const file of octree.files) {
            const resource = await load(file.url);
            for (let i = 0; i < 600 && !resource.hasCenters; ++i) await new Promise((r) => setTimeout(r, 50));
            files.push({ url: file.url, lodLevel: file.lodLevel, numSplats: resource.gsplatData.numSplats });
            centresOf.push(resource.centers);
        }
        let centres = 0, outside = 0;
        for (const node of octree.nodes) {
            const mn = node.bounds.getMin(), mx = node.bounds.getMax();
            const slack = 1e-3 * Math.max(mx.x - mn.x, mx.y - mn.y, mx.z - mn.z) + 1e-4;
            for (const lod of node.lods) {
                if (lod.fileIndex < 0) continue;
                const c = centresOf[lod.fileIndex];
                if (!c) { outside += lod.count; continue; }
                for (let i = lod.offset; i < lod.offset + lod.count; ++i, ++centres) {
                    const x = c[i * 3], y = c[i * 3 + 1], z = c[i * 3 + 2];
                    if (!(x >= mn.x - slack && x <= mx.x + slack && y >= mn.y - slack && y <= mx.y + slack &&
                          z >= mn.z - slack && z <= mx.z + slack)) ++outside;
                }
            }
        }
        window.result = { lodLevels: octree.lodLevels, levels, files, centres, outside };
    } catch (e) {
        window.result = { error: String(e && e.stack || e) };
    }
})();
