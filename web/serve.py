#!/usr/bin/env python3
"""Serves target/web/ on localhost with the headers of cross-origin
isolation, so the page starts without the service worker's reload.

    python3 web/serve.py [PORT]
"""
import functools
import http.server
import pathlib
import sys


class Isolated(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      '.wasm': 'application/wasm', '.js': 'text/javascript'}

    def end_headers(self):
        self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
        self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        self.send_header('Cache-Control', 'no-cache')
        super().end_headers()


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    site = pathlib.Path(__file__).resolve().parent.parent / 'target' / 'web'
    handler = functools.partial(Isolated, directory=str(site))
    with http.server.ThreadingHTTPServer(('127.0.0.1', port), handler) as server:
        print(f'serving {site} at http://127.0.0.1:{port}/', flush=True)
        server.serve_forever()


if __name__ == '__main__':
    main()
