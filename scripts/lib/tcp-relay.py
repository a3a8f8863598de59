#!/usr/bin/env python3
"""A TCP relay for end-to-end tests: listens on a free port of 127.0.0.1 (printed on the
first line of standard output) and relays every connection to HOST PORT. Stopped with
SIGSTOP it holds its connections as a stopped server would (the kernel still accepts them),
without stopping the server other tests use meanwhile.

Usage: python3 scripts/lib/tcp-relay.py HOST PORT
"""
import select
import socket
import socketserver
import sys


class Relay(socketserver.BaseRequestHandler):
    def handle(self):
        upstream = socket.create_connection((sys.argv[1], int(sys.argv[2])))
        ends = [self.request, upstream]
        try:
            while True:
                readable, _, _ = select.select(ends, [], [])
                for end in readable:
                    data = end.recv(65536)
                    if not data:
                        return
                    (upstream if end is self.request else self.request).sendall(data)
        finally:
            upstream.close()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Relay)
print(server.server_address[1], flush=True)
server.serve_forever()
