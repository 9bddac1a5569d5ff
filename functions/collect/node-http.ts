/**
 * node:http's `request`, taken without an ES import. Importing node:http as an ES module builds its namespace from
 * every export, and on Node 22+ some exports (WebSocket, MessageEvent, CloseEvent) are getters that load undici,
 * zlib, worker threads and web streams: about 4 MB of resident memory that the node agent, which only makes plain
 * requests to the kubelet and dockerd, would carry idle on every node. getBuiltinModule returns the module's
 * exports object without reading those getters. (`npm run bench -- agent` measures the agent's idle RSS.)
 */
export const { request: httpRequest } = process.getBuiltinModule('node:http');
