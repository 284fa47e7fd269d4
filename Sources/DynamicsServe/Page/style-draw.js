// Items with a style (item.style in Lua): drawn as SVG output draws them — the shadow under
// the fill, the fill with rounded corners, the image (aspect fill, clipped to the shape), the
// stroke, then the text's lines (laid out by the host, centered, clipped) — turned with the
// item. Strings are only ever drawn with fillText, never put into the page's HTML.
"use strict";
/* global shapePath */

window.dynamicsStyle = (() => {
  const fontFamily = "system-ui, -apple-system, Helvetica, Arial, sans-serif";
  const pictures = new Map();   // imageKey → HTMLImageElement, kept while a scene shows it
  let chosenOverlay = false;

  // The picture of a style, loaded once per key from GET /image/N.
  function picture(style) {
    let img = pictures.get(style.imageKey);
    if (!img) {
      img = new Image();
      img.src = `/image/${style.image}?v=${encodeURIComponent(style.imageKey)}`;
      pictures.set(style.imageKey, img);
    }
    return img.complete && img.naturalWidth !== undefined ? img : null;
  }

  // The item's outline: rounded for a rectangle with corners, else app.js's `shapePath`
  // (the same canvas context; called only while drawing, once app.js has loaded).
  function outline(ctx, item, s) {
    if (item.shape === "rectangle" && s.cornerRadius > 0) {
      ctx.beginPath();
      ctx.roundRect(-item.width / 2, -item.height / 2, item.width, item.height, s.cornerRadius);
    } else shapePath(item);
  }

  // Draws `item` (already translated and rotated by `angle`); `scale` is canvas pixels per
  // point (shadows are set in canvas pixels, unrotated, so their offset is turned here).
  function draw(ctx, item, angle, scale) {
    const s = item.style;
    ctx.save();
    ctx.globalAlpha = s.opacity;
    if (s.fill) {
      if (s.shadow) {
        const c = Math.cos(angle), n = Math.sin(angle);
        ctx.shadowColor = s.shadow.color;
        ctx.shadowBlur = s.shadow.radius * scale;
        ctx.shadowOffsetX = (c * s.shadow.dx - n * s.shadow.dy) * scale;
        ctx.shadowOffsetY = (n * s.shadow.dx + c * s.shadow.dy) * scale;
      }
      outline(ctx, item, s);
      ctx.fillStyle = s.fill;
      ctx.fill();
      ctx.shadowColor = "transparent";
    }
    if (s.image !== null && s.image !== undefined) {
      const img = picture(s);
      if (img && img.naturalWidth > 0 && img.naturalHeight > 0) {
        ctx.save();
        outline(ctx, item, s);
        ctx.clip();
        // Aspect fill (SVG's xMidYMid slice): the picture covers the bounds, centered.
        const k = Math.max(item.width / img.naturalWidth, item.height / img.naturalHeight);
        const w = img.naturalWidth * k, h = img.naturalHeight * k;
        ctx.drawImage(img, -w / 2, -h / 2, w, h);
        ctx.restore();
      } else if (img && img.complete) {
        // An SVG picture without an intrinsic size fills the bounds.
        ctx.save(); outline(ctx, item, s); ctx.clip();
        try { ctx.drawImage(img, -item.width / 2, -item.height / 2, item.width, item.height); } catch (e) { /* not decodable */ }
        ctx.restore();
      }
    }
    if (s.stroke) {
      outline(ctx, item, s);
      ctx.lineWidth = s.strokeWidth;
      ctx.strokeStyle = s.stroke;
      ctx.stroke();
    }
    if (s.lines.length) {
      ctx.save();
      outline(ctx, item, s);
      ctx.clip();
      ctx.fillStyle = s.textColor;
      ctx.font = `${s.fontWeight} ${s.fontSize}px ${fontFamily}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "alphabetic";
      s.lines.forEach((line, k) => ctx.fillText(line, 0, s.baselines[k]));
      ctx.restore();
    }
    ctx.restore();
  }

  // A new scene: pictures it no longer shows are dropped; the first scene with styles turns
  // the debug overlay off (it stays a click away), so a styled prototype shows as its UI.
  function onScene(scene, overlayBox) {
    const keys = new Set(scene.items.filter((i) => i.style && i.style.imageKey).map((i) => i.style.imageKey));
    for (const key of pictures.keys()) if (!keys.has(key)) pictures.delete(key);
    if (!chosenOverlay && scene.items.some((i) => i.style)) {
      chosenOverlay = true;
      if (overlayBox) overlayBox.checked = false;
    }
  }

  return { draw, onScene };
})();
