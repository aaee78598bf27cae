// fdr view: draws only the rows and arcs near the visible part of the page (virtualised), so
// 100,000 instructions stay responsive. Data: the JSON block written by ViewPage.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var css = getComputedStyle(document.documentElement);
  var ROW = parseFloat(css.getPropertyValue("--row")), LANE = parseFloat(css.getPropertyValue("--lane"));
  var GAP = parseFloat(css.getPropertyValue("--gap")), HEAD = parseFloat(css.getPropertyValue("--head"));
  var TOP = HEAD + 14; // room for the checkpoint line
  var stage = document.getElementById("stage"), rowsEl = document.getElementById("rows");
  var svg = document.getElementById("arcs"), tip = document.getElementById("tip");
  var showNetzer = false, highlight = null, pending = false, folding = true;
  var base = D.rowBase, nrows = D.rowCount;
  var KEEP = 3; // rows kept around an arc end or a mark when quiet stretches are folded
  // disp[r - base]: the display row of row r; firstRow[d]: the first row shown at display row d;
  // folded[r - base]: 1 if row r is inside a folded stretch.
  var disp, firstRow, folded, ndisp;

  function fold() {
    var keep = new Uint8Array(nrows);
    function mark(r) { for (var k = Math.max(0, r - base - KEEP); k <= Math.min(nrows - 1, r - base + KEEP); k++) keep[k] = 1; }
    if (!folding) keep.fill(1);
    else {
      [D.arcs, D.netzer].forEach(function (list) {
        list.forEach(function (a) {
          var p = rowOf(a[0], a[1]), q = rowOf(a[2], a[3]);
          if (p) mark(Math.round(p.row)); if (q) mark(Math.round(q.row));
        });
      });
      D.lanes.forEach(function (L) {
        if (L.rows.length) { mark(L.rows[0]); mark(L.rows[L.rows.length - 1]); }
        L.marks.forEach(function (m, k) { if (m) mark(L.rows[k]); });
      });
      if (highlight) { var h = rowOf(highlight[0], highlight[1]); if (h && !h.out) mark(h.row); }
    }
    // Stretches shorter than a fold marker plus context are not worth folding.
    for (var r0 = 0; r0 < nrows; ) {
      if (keep[r0]) { r0++; continue; }
      var e = r0; while (e < nrows && !keep[e]) e++;
      if (e - r0 < 4) for (var k = r0; k < e; k++) keep[k] = 1;
      r0 = e;
    }
    disp = new Int32Array(nrows); folded = new Uint8Array(nrows); firstRow = [];
    var d = -1;
    for (var r = 0; r < nrows; r++) {
      if (keep[r]) { d++; firstRow.push(r + base); }
      else if (r > 0 && folded[r - 1]) folded[r] = 1; // the same folded stretch
      else { d++; firstRow.push(r + base); folded[r] = 1; }
      disp[r] = d;
    }
    ndisp = d + 1;
    firstRow.push(base + nrows);
  }

  function laneX(l) { return l * (LANE + GAP); }
  function rowY(r) {
    var k = Math.max(0, Math.min(nrows - 1, Math.floor(r - base)));
    return TOP + (disp[k] + (r - base - k)) * ROW;
  }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; }); }
  function hex(b) { return b < 0 ? "unknown" : "0x" + b.toString(16); }

  // Row of agent a's IC ic, clamped into the window (arcs from outside start at its edge).
  function rowOf(a, ic) {
    var L = D.lanes[a];
    if (!L || L.rows.length === 0) return null;
    var k = ic - L.first;
    if (k < 0) return { row: L.rows[0] - 0.5, out: true };
    if (k >= L.rows.length) return { row: L.rows[L.rows.length - 1] + 0.5, out: true };
    return { row: L.rows[k], out: false };
  }
  // First index of lane L whose row is >= r.
  function lower(L, r) {
    var lo = 0, hi = L.rows.length;
    while (lo < hi) { var m = (lo + hi) >> 1; if (L.rows[m] < r) lo = m + 1; else hi = m; }
    return lo;
  }

  function layout() {
    var w = D.lanes.length * (LANE + GAP) - GAP;
    stage.style.width = w + "px";
    stage.style.height = (TOP + ndisp * ROW + 20) + "px";
    svg.setAttribute("width", w); svg.setAttribute("height", TOP + ndisp * ROW + 20);
    var h = "";
    D.lanes.forEach(function (L, l) {
      h += '<div class="lanehead" style="left:' + laneX(l) + 'px">' + esc(L.name) +
        '<span class="cp">' + L.count + " instr." + (L.name.indexOf("cpu") === 0 ? "  ·  IC  pc  label  source" : "  ·  IC  block transfers") + "</span></div>";
      h += '<div class="lanebody" style="left:' + laneX(l) + "px;top:" + HEAD + "px;height:" +
        (TOP - HEAD + ndisp * ROW + 6) + 'px"></div>';
    });
    if (!D.window) {
      h += '<div class="cpline" style="top:' + (HEAD + 6) + "px;width:" + w + 'px"></div>' +
        '<div class="cplabel" style="top:' + (HEAD - 2) + "px;left:" + (w / 2 - 120) + 'px">checkpoint ' +
        D.checkpoint + ": every IC restarts at 0</div>";
    }
    document.getElementById("lanes").innerHTML = h;
  }

  function markClass(m) {
    if (!m) return "";
    if (m.indexOf("interrupt") >= 0) return " m-int";
    if (m.indexOf("DMA") === 0) return " m-dma";
    if (m.indexOf("input") >= 0) return " m-in";
    return "";
  }
  function badges(m) {
    return m.split(", ").map(function (x) {
      var c = x.indexOf("interrupt") === 0 ? "int" : x.indexOf("DMA") === 0 ? "dma" : x.indexOf("input") === 0 ? "in" : "dev";
      return '<span class="mk ' + c + '">' + esc(x) + "</span>";
    }).join("");
  }

  function render() {
    pending = false;
    var t0 = performance.now();
    var y0 = window.scrollY - stage.offsetTop, y1 = y0 + window.innerHeight;
    var d0 = Math.max(0, Math.floor((y0 - TOP) / ROW) - 40), d1 = Math.min(ndisp - 1, Math.ceil((y1 - TOP) / ROW) + 40);
    var r0 = firstRow[Math.min(d0, ndisp)], r1 = firstRow[Math.min(d1 + 1, ndisp)] - 1;
    var h = [], w = D.lanes.length * (LANE + GAP) - GAP;
    for (var d = d0; d <= d1; d++) {
      var fr = firstRow[d];
      if (folded[fr - base]) {
        h.push('<div class="fold" style="top:' + rowY(fr) + "px;width:" + w + 'px">' +
          (firstRow[d + 1] - fr) + " quiet rows folded (no arc ends, no marks)</div>");
      }
    }
    D.lanes.forEach(function (L, l) {
      for (var k = lower(L, r0); k < L.rows.length && L.rows[k] <= r1; k++) {
        if (folded[L.rows[k] - base]) continue;
        var ic = L.first + k, pc = L.pcs[k], m = L.marks[k];
        var c = pc >= 0 ? D.code[pc] : null;
        var cls = "ins" + markClass(m) + (highlight && highlight[0] === l && highlight[1] === ic ? " hl" : "");
        var title = c ? l + ":" + ic + "  pc " + pc + "  " + c[0] + ":  " + c[2] + "  (" + c[3] + ")" : l + ":" + ic;
        h.push('<div class="' + cls + '" data-at="' + l + ":" + ic + '" style="left:' + laneX(l) + "px;top:" +
          rowY(L.rows[k]) + 'px" title="' + esc(title) + '"><span class="ic">' + ic + "</span>" +
          (c ? '<span class="pc">' + pc + '</span><span class="lbl">' + esc(c[0]) + "</span>" + esc(c[2]) : "") +
          (m ? badges(m) : "") + "</div>");
      }
    });
    rowsEl.innerHTML = h.join("");
    var list = showNetzer ? D.netzer : D.arcs, s = [];
    for (var i = 0; i < list.length; i++) {
      var a = list[i], p = rowOf(a[0], a[1]), q = rowOf(a[2], a[3]);
      if (!p || !q) continue;
      if (Math.max(p.row, q.row) < r0 || Math.min(p.row, q.row) > r1) continue;
      s.push(arc(a, p, q));
    }
    svg.innerHTML = '<defs>' + marker("logged") + marker("implied") + marker("netzer") + "</defs>" + s.join("");
    // How long drawing the visible part took (the browser test reads it).
    stage.setAttribute("data-render-ms", (performance.now() - t0).toFixed(1));
  }
  function marker(k) {
    return '<marker id="m-' + k + '" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">' +
      '<path d="M0,0 L10,5 L0,10 z" fill="var(--' + k + ')"/></marker>';
  }
  function arc(a, p, q) {
    var kind = showNetzer ? "netzer" : a[4] ? "logged" : "implied";
    var right = a[0] < a[2];
    var x1 = laneX(a[0]) + (right ? LANE : 0), x2 = laneX(a[2]) + (right ? 0 : LANE);
    var ya = rowY(p.row) + ROW / 2, yb = rowY(q.row) + ROW / 2, dx = (right ? 1 : -1) * Math.max(40, Math.abs(x2 - x1) / 3);
    var name = a[0] + ":" + a[1] + " -> " + a[2] + ":" + a[3];
    var text = name + "\nblock " + hex(showNetzer ? a[4] : a[5]) + "\n" +
      (showNetzer ? "kept by netzer's minimal reduction" : a[4] ? "logged by FDR" : a[6]);
    return '<path class="arc ' + kind + '" data-arc="' + name + '" data-block="' + hex(showNetzer ? a[4] : a[5]) +
      '" data-tip="' + esc(text) + '" marker-end="url(#m-' + kind + ')" d="M' + x1 + "," + ya + " C" + (x1 + dx) + "," +
      ya + " " + (x2 - dx) + "," + yb + " " + x2 + "," + yb + '"><title>' + esc(text) + "</title></path>";
  }

  function schedule() { if (!pending) { pending = true; requestAnimationFrame(render); } }
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);

  svg.addEventListener("mouseover", function (e) {
    if (e.target.classList.contains("arc")) { tip.textContent = e.target.getAttribute("data-tip"); tip.style.display = "block"; }
  });
  svg.addEventListener("mousemove", function (e) { tip.style.left = (e.clientX + 14) + "px"; tip.style.top = (e.clientY + 12) + "px"; });
  svg.addEventListener("mouseout", function () { tip.style.display = "none"; });

  document.getElementById("netzer").addEventListener("change", function (e) { showNetzer = e.target.checked; render(); });
  document.getElementById("fold").addEventListener("change", function (e) { folding = e.target.checked; fold(); layout(); render(); });

  function jump(l, ic) {
    var r = rowOf(l, ic);
    if (!r || r.out) { document.getElementById("found").textContent = l + ":" + ic + " is not on this page"; return false; }
    highlight = [l, ic];
    if (folded[r.row - base]) { fold(); layout(); }
    window.scrollTo(0, stage.offsetTop + rowY(r.row) - window.innerHeight / 3);
    render();
    return true;
  }
  window.fdrJump = jump;
  document.getElementById("go").addEventListener("submit", function (e) {
    e.preventDefault();
    var m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(document.getElementById("at").value);
    if (!m) { document.getElementById("found").textContent = "expected C:IC, e.g. 1:12"; return; }
    jump(+m[1], +m[2]);
  });
  document.getElementById("search").addEventListener("submit", function (e) {
    e.preventDefault();
    findLabel(document.getElementById("label").value.trim());
  });
  function findLabel(q) {
    var hits = [];
    if (q) {
      D.lanes.forEach(function (L, l) {
        for (var k = 0; k < L.pcs.length && hits.length < 200; k++) {
          var pc = L.pcs[k];
          if (pc >= 0 && D.code[pc][0] === q) hits.push([l, L.first + k]);
        }
      });
    }
    var f = document.getElementById("found");
    f.innerHTML = hits.length === 0 ? "no instruction at label " + esc(q) :
      hits.length + (hits.length === 200 ? "+" : "") + " at " + esc(q) + ": " +
      hits.map(function (h) { return '<a data-l="' + h[0] + '" data-ic="' + h[1] + '">' + h[0] + ":" + h[1] + "</a>"; }).join("");
    if (hits.length) jump(hits[0][0], hits[0][1]);
  }
  document.getElementById("found").addEventListener("click", function (e) {
    var t = e.target;
    if (t.dataset && t.dataset.l) jump(+t.dataset.l, +t.dataset.ic);
  });

  fold();
  layout();
  render();
  // view.html#C:IC opens at that instruction; view.html#label=NAME searches a label.
  var at = /^#(\d+):(\d+)$/.exec(location.hash), lb = /^#label=(.+)$/.exec(location.hash);
  if (at) jump(+at[1], +at[2]);
  if (lb) { document.getElementById("label").value = decodeURIComponent(lb[1]); findLabel(decodeURIComponent(lb[1])); }
})();
