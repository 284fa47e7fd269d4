"""Where the serve check writes its screenshots: .build/screenshots, or the folder the
SCREENSHOTS environment variable names (`make screenshots` sets docs/images, the README's)."""
import os


def folder(root):
    path = os.environ.get("SCREENSHOTS") or os.path.join(root, ".build", "screenshots")
    path = path if os.path.isabs(path) else os.path.join(root, path)
    os.makedirs(path, exist_ok=True)
    return path
