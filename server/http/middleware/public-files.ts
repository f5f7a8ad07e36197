import express, { type RequestHandler } from 'express';
import { readdirSync } from 'node:fs';

/**
 * The files at the top of public/ (favicon.svg, robots.txt…) served as they are, without a
 * file-system call for every other request: the directory's names are listed once and again at
 * most every `rescanMs`, and only a request whose first path segment is one of them reaches
 * express.static. `build/` is served elsewhere (immutable caching).
 */
export function publicFiles(directory: string, options: { maxAge: string | number; rescanMs?: number }): RequestHandler {
  const serve = express.static(directory, { index: false, maxAge: options.maxAge });
  const rescanMs = options.rescanMs ?? 5000;
  let names = new Set<string>();
  let listedAt = -Infinity;
  const list = () => {
    if (Date.now() - listedAt < rescanMs) return names;
    listedAt = Date.now();
    try {
      names = new Set(readdirSync(directory).filter((name) => name !== 'build' && name !== 'hot' && !name.startsWith('.')));
    } catch {
      names = new Set();
    }
    return names;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const end = req.path.indexOf('/', 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    if (first === '' || !list().has(first)) return next();
    serve(req, res, next);
  };
}
