// A local HTTP server for the viewer pages: each URL prefix maps to a folder (the first prefix in
// the order given that matches wins); a path resolving outside its folder or to no file is a 404.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';

export async function serveFolders(roots, types) {
    const server = createServer((req, res) => {
        const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        const prefix = Object.keys(roots).find((p) => url.startsWith(p));
        const file = resolve(roots[prefix], '.' + url.slice(prefix.length - 1));
        if (!file.startsWith(roots[prefix]) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    return { server, base: `http://127.0.0.1:${server.address().port}` };
}
