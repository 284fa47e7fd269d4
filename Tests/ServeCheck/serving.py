"""What the browser checks share: a `dynamics serve` of their own and where screenshots go."""
import os
import subprocess


def folder(root):
    """Where screenshots are written: .build/screenshots, or the folder the SCREENSHOTS
    environment variable names (`make screenshots` sets docs/images, the README's)."""
    path = os.environ.get("SCREENSHOTS") or os.path.join(root, ".build", "screenshots")
    path = path if os.path.isabs(path) else os.path.join(root, path)
    os.makedirs(path, exist_ok=True)
    return path


def serve(binary, scene, *options):
    """Starts `dynamics serve SCENE --port 0 OPTIONS…`; returns the process and its address."""
    server = subprocess.Popen([binary, "serve", scene, "--port", "0", *options],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if " at http://127.0.0.1:" not in line:
        server.kill()
        raise RuntimeError(f"the server printed no address: {line.strip()!r}")
    return server, line.strip().rsplit(" ", 1)[1].rstrip("/")


def stop(server):
    """Ends a server started by `serve`, killing it if it does not end within 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def cpu_seconds(pid):
    """CPU time (user + system, s) process `pid` has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
