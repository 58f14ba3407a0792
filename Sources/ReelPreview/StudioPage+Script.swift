extension StudioPage {
    /// The page's behaviour. Frames are asked for one at a time: the next request goes out when
    /// the previous frame has arrived, so a slow machine drops frames instead of falling behind.
    /// Scene data reaches the DOM through textContent only, never as markup.
    static let script = #"""
        (() => {
        'use strict';
        const $ = (id) => document.getElementById(id);
        const img = $('frame'), scrubber = $('scrubber'), playButton = $('play');
        const S = {
          state: null, canvas: null, frameVersion: 0, frame: 0, playing: false,
          playStartTime: 0, playStartFrame: 0, shown: [], shownKey: '', inflight: false, waiting: 0,
          tree: null, selectedPath: null, selectedName: null, inspectTimer: 0, lastInspect: 0,
        };

        // MARK: time

        const lastFrame = () => Math.max((S.canvas ? S.canvas.frameCount : 1) - 1, 0);
        // As Canvas.time(ofFrame:): frame n is at n / fps seconds.
        const timeOf = (frame) => frame / S.canvas.fps;
        const clampFrame = (f) => Math.min(Math.max(Math.round(f), 0), lastFrame());
        function clock(seconds) {
          const h = Math.round(seconds * 100);
          const pad = (n) => String(n).padStart(2, '0');
          return `${pad(Math.floor(h / 6000))}:${pad(Math.floor(h / 100) % 60)}.${pad(h % 100)}`;
        }

        function setFrame(frame) {
          if (!S.canvas) return;
          S.frame = clampFrame(frame);
          scrubber.value = String(S.frame);
          scrubber.style.setProperty('--progress', `${(S.frame / Math.max(lastFrame(), 1)) * 100}%`);
          $('time').textContent = clock(timeOf(S.frame));
          $('frame-number').textContent = String(S.frame);
          placePlayhead();
          if (S.playing) {
            // Values at most four times a second while playing; the frame is what matters.
            if (performance.now() - S.lastInspect > 250) scheduleInspect(0);
          } else {
            scheduleInspect(80);
            pump();
          }
        }

        // MARK: frames

        function layout() {
          if (!S.canvas) return;
          const stage = $('stage');
          // As large as the stage allows, small scenes enlarged too.
          const room = Math.min((stage.clientWidth - 32) / S.canvas.width, (stage.clientHeight - 32) / S.canvas.height);
          const fit = Math.max(room, 0.05);
          img.style.width = `${S.canvas.width * fit}px`;
          img.style.height = `${S.canvas.height * fit}px`;
        }

        // Pixels per point to ask for: the scene's own scale, half of it, or what the shown size
        // needs on this screen (in steps of 1/8, so resizing a little does not redraw; at most 8).
        function frameScale() {
          const own = S.canvas.scale, quality = $('quality').value;
          if (quality === 'full') return own;
          if (quality === 'half') return own / 2;
          const needed = (parseFloat(img.style.width) || S.canvas.width) * (window.devicePixelRatio || 1) / S.canvas.width;
          return Math.min(8, Math.max(0.125, Math.ceil(needed * 8) / 8));
        }

        function pump() {
          if (!S.canvas || S.inflight) return;
          clearTimeout(S.waiting);
          if (S.playing) advance();
          // Reaching the end without looping pauses, which has asked for the last frame already.
          if (S.inflight) return;
          const scale = frameScale(), frame = S.frame, version = S.frameVersion;
          const key = `${version}|${frame}|${scale}`;
          if (key === S.shownKey) {
            if (S.playing) {
              // Ahead of the clock: wait for the next frame's time.
              const next = S.playStartTime + (frame - S.playStartFrame + 1) * 1000 / S.canvas.fps;
              S.waiting = setTimeout(pump, Math.max(next - performance.now(), 1));
            }
            return;
          }
          S.inflight = true;
          const t = timeOf(frame);
          img.dataset.state = 'loading';
          fetch(`/frame?t=${t}&scale=${scale}&v=${version}`)
            .then((r) => { if (!r.ok) throw new Error(`the frame request failed (${r.status})`); return r.blob(); })
            .then((blob) => {
              const url = URL.createObjectURL(blob), old = img.src;
              img.src = url;
              return img.decode().catch(() => {}).then(() => {
                if (old.startsWith('blob:')) URL.revokeObjectURL(old);
                S.shownKey = key;
                Object.assign(img.dataset, { t: String(t), frame: String(frame), version: String(version), scale: String(scale), state: 'ready' });
                $('stage-empty').hidden = true;
                if (S.playing) noteShown();
              });
            })
            .catch((error) => { img.dataset.state = 'failed'; setStatus('error', error.message); })
            .finally(() => { S.inflight = false; if (S.playing) requestAnimationFrame(pump); else pump(); });
        }

        // MARK: playback

        function play() {
          if (!S.canvas || S.playing) return;
          if (S.frame >= lastFrame()) setFrame(0);
          S.playing = true;
          S.playStartTime = performance.now();
          S.playStartFrame = S.frame;
          S.shown = [];
          playButton.textContent = '❚❚';
          playButton.setAttribute('aria-label', 'Pause');
          pump();
        }

        function pause() {
          if (!S.playing) return;
          S.playing = false;
          clearTimeout(S.waiting);
          playButton.textContent = '▶︎';
          playButton.setAttribute('aria-label', 'Play');
          showFPS();
          setFrame(S.frame);
        }

        // The frame the wall clock is at: frames the machine could not draw in time are skipped.
        function advance() {
          const fps = S.canvas.fps;
          let frame = S.playStartFrame + Math.floor((performance.now() - S.playStartTime) * fps / 1000);
          if (frame > lastFrame()) {
            if ($('loop').checked) {
              S.playStartTime = performance.now();
              S.playStartFrame = 0;
              frame = 0;
            } else {
              setFrame(lastFrame());
              pause();
              return;
            }
          }
          setFrame(frame);
        }

        function noteShown() {
          const now = performance.now();
          S.shown.push(now);
          while (S.shown.length && now - S.shown[0] > 1000) S.shown.shift();
          showFPS();
        }

        function showFPS() {
          if (!S.canvas) return;
          const target = `${+S.canvas.fps.toFixed(2)} fps`;
          $('fps').textContent = S.playing ? `${S.shown.length} / ${target}` : target;
          $('fps').title = S.playing ? 'frames shown in the last second / the scene\u2019s frame rate' : 'the scene\u2019s frame rate';
        }

        // MARK: layers

        function scheduleInspect(delay) {
          clearTimeout(S.inspectTimer);
          S.inspectTimer = setTimeout(loadTree, delay);
        }

        async function loadTree() {
          if (!S.canvas) return;
          S.lastInspect = performance.now();
          const t = timeOf(S.frame);
          try {
            const r = await fetch(`/inspect?t=${t}`);
            if (!r.ok) return;
            S.tree = await r.json();
            renderTree();
            renderProps();
          } catch (error) { /* the next change or event brings a fresh tree */ }
        }

        function findPath(node, path) {
          let found = node;
          for (const i of path.split('.').slice(1)) { found = found && (found.sublayers || [])[+i]; }
          return found;
        }

        function findName(node, name, path) {
          if (node.name === name) return path;
          for (const [i, child] of (node.sublayers || []).entries()) {
            const p = findName(child, name, `${path}.${i}`);
            if (p) return p;
          }
          return null;
        }

        function renderTree() {
          const root = $('layer-tree');
          if (S.selectedName && (findPath(S.tree, S.selectedPath || 'r') || {}).name !== S.selectedName) {
            S.selectedPath = findName(S.tree, S.selectedName, 'r') || S.selectedPath;
          }
          const build = (node, path) => {
            const li = document.createElement('li');
            const row = document.createElement('div');
            row.className = 'node' + (path === S.selectedPath ? ' selected' : '');
            row.dataset.path = path;
            const name = document.createElement('span');
            name.className = 'name' + (node.name ? '' : ' unnamed');
            name.textContent = node.name || (path === 'r' ? 'root' : '(unnamed)');
            const cls = document.createElement('span');
            cls.className = 'class';
            cls.textContent = node.class;
            row.append(name, cls);
            if ((node.animationKeys || []).length) {
              const anim = document.createElement('span');
              anim.className = 'anim';
              anim.textContent = `● ${node.animationKeys.length}`;
              anim.title = `animating: ${node.animationKeys.join(', ')}`;
              row.append(anim);
            }
            row.addEventListener('click', () => select(path, node.name));
            li.append(row);
            const children = node.sublayers || [];
            if (children.length) {
              const ul = document.createElement('ul');
              children.forEach((child, i) => ul.append(build(child, `${path}.${i}`)));
              li.append(ul);
            }
            return li;
          };
          root.replaceChildren(build(S.tree, 'r'));
        }

        function select(path, name) {
          S.selectedPath = path;
          S.selectedName = name || null;
          renderTree();
          renderProps();
        }

        // The selected layer's values, from the tree already loaded (the same JSON as
        // `reel inspect --at t`): asking for it by name would evaluate the tree again, and find
        // the first of several layers sharing a name rather than the one selected.
        function renderProps() {
          const body = $('props').tBodies[0];
          const node = S.selectedPath && S.tree && findPath(S.tree, S.selectedPath);
          $('props-empty').hidden = !!node;
          if (!node) { body.replaceChildren(); $('props-layer').textContent = ''; return; }
          $('props-layer').textContent = `— ${node.name || 'unnamed ' + node.class}`;
          const rows = [];
          for (const [key, value] of Object.entries(node)) {
            if (key === 'sublayers' || key === 'name') continue;
            const tr = document.createElement('tr');
            const k = document.createElement('td'), v = document.createElement('td');
            k.textContent = key;
            formatValue(key, value, v);
            tr.append(k, v);
            rows.push(tr);
          }
          body.replaceChildren(...rows);
        }

        const num = (n) => (typeof n === 'number' ? String(+n.toFixed(3)) : String(n));
        function formatValue(key, value, cell) {
          if (value === null) { cell.textContent = 'nil'; return; }
          if (key === 'mask') { cell.textContent = `${value.class} ${value.name || ''}`; return; }
          if (Array.isArray(value)) {
            if (/colou?r$/i.test(key) && value.length === 4) {
              const swatch = document.createElement('span');
              swatch.className = 'swatch';
              swatch.style.background = `rgba(${value.slice(0, 3).map((c) => Math.round(c * 255)).join(',')},${value[3]})`;
              cell.append(swatch);
            }
            if (value.length === 16 && value.every((n, i) => n === (i % 5 === 0 ? 1 : 0))) { cell.append('identity'); return; }
            if (value.length === 16 && value.every((n) => typeof n === 'number')) {
              // A transform: m11…m44, one row of the matrix a line.
              cell.className = 'matrix';
              cell.append([0, 4, 8, 12].map((r) => value.slice(r, r + 4).map(num).join(', ')).join('\n'));
              return;
            }
            cell.append(`[${value.map((n) => (typeof n === 'object' ? JSON.stringify(n) : num(n))).join(', ')}]`);
            return;
          }
          cell.textContent = typeof value === 'object' || (typeof value === 'string' && key !== 'class') ? JSON.stringify(value) : num(value);
        }

        // MARK: timing diagram
        // The diagram's root <svg> may say where time runs: data-x0 (the x of 0 s), data-x1 (the x
        // of data-duration seconds), in its own user units; without them the whole width is the scene.

        async function loadTiming() {
          const box = $('timing');
          try {
            const r = await fetch(`/timing.svg?v=${S.frameVersion}`);
            if (!r.ok) { box.replaceChildren(); return; }
            const doc = new DOMParser().parseFromString(await r.text(), 'image/svg+xml');
            const svg = doc.documentElement;
            if (svg.nodeName !== 'svg') { box.replaceChildren(); return; }
            svg.querySelectorAll('script').forEach((s) => s.remove());
            const shown = document.importNode(svg, true);
            shown.removeAttribute('height');
            shown.addEventListener('click', (event) => seekInDiagram(shown, event));
            box.replaceChildren(shown);
            placePlayhead();
          } catch (error) { box.replaceChildren(); }
        }

        function axis(svg) {
          const vb = svg.viewBox && svg.viewBox.baseVal;
          const box = vb && vb.width ? vb : { x: 0, y: 0, width: svg.width.baseVal.value, height: svg.height.baseVal.value };
          const attr = (name, fallback) => { const v = parseFloat(svg.getAttribute(name)); return Number.isFinite(v) ? v : fallback; };
          return { box, x0: attr('data-x0', box.x), x1: attr('data-x1', box.x + box.width),
            duration: attr('data-duration', S.canvas ? S.canvas.duration : 1) || 1 };
        }

        function placePlayhead() {
          const svg = $('timing').querySelector('svg');
          if (!svg || !S.canvas) return;
          const a = axis(svg);
          let line = svg.querySelector('line.playhead');
          if (!line) {
            line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
            line.setAttribute('class', 'playhead');
            svg.append(line);
          }
          const x = a.x0 + (timeOf(S.frame) / a.duration) * (a.x1 - a.x0);
          for (const [k, v] of [['x1', x], ['x2', x], ['y1', a.box.y], ['y2', a.box.y + a.box.height]]) line.setAttribute(k, String(v));
        }

        function seekInDiagram(svg, event) {
          const a = axis(svg), matrix = svg.getScreenCTM();
          if (!matrix || !S.canvas) return;
          const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
          const t = ((point.x - a.x0) / (a.x1 - a.x0)) * a.duration;
          pause();
          setFrame(t * S.canvas.fps);
        }

        // MARK: scene state

        function setStatus(kind, text) {
          const chip = $('status');
          chip.className = `chip ${kind}`;
          chip.textContent = text;
        }

        function applyState(s) {
          S.state = s;
          $('scene-name').textContent = s.scene;
          document.title = `${s.scene.split('/').pop()} — Reel Studio`;
          const box = $('diagnostics');
          box.hidden = s.problems.length === 0;
          box.classList.toggle('warnings', s.valid);
          $('diag-title').textContent = s.valid ? 'Warnings'
            : s.canvas ? 'The scene has errors — showing the last version that loaded' : 'The scene has errors — nothing has loaded yet';
          $('diagnostic-lines').textContent = s.problems.join('\n');
          setStatus(s.valid ? 'live' : 'error', s.valid ? 'Live' : 'Error');
          if (!s.canvas) { $('stage-empty').hidden = false; return; }
          const fresh = s.frameVersion !== S.frameVersion;
          const keep = S.canvas ? timeOf(S.frame) : 0;
          S.canvas = s.canvas;
          S.frameVersion = s.frameVersion;
          const c = s.canvas;
          $('canvas-info').textContent = `${c.pixelWidth}×${c.pixelHeight} · ${+c.fps.toFixed(2)} fps · ${+c.duration.toFixed(3)} s`;
          $('duration').textContent = ` / ${clock(c.duration)}`;
          $('frame-count').textContent = ` / ${lastFrame()}`;
          scrubber.max = String(lastFrame());
          showFPS();
          layout();
          if (fresh) {
            loadTiming();
            if (S.playing) { S.playStartTime = performance.now(); S.playStartFrame = clampFrame(keep * c.fps); }
          }
          // The playhead stays at the same time in the new version.
          setFrame(keep * c.fps);
          if (fresh) scheduleInspect(0);
        }

        function connect() {
          const events = new EventSource('/events');
          events.onmessage = (event) => applyState(JSON.parse(event.data));
          events.onerror = () => setStatus('offline', 'Disconnected');
        }

        // MARK: controls

        const buttons = {
          'play': () => (S.playing ? pause() : play()),
          'step-back': () => { pause(); setFrame(S.frame - 1); },
          'step-forward': () => { pause(); setFrame(S.frame + 1); },
          'to-start': () => { pause(); setFrame(0); },
          'to-end': () => { pause(); setFrame(lastFrame()); },
        };
        for (const [id, action] of Object.entries(buttons)) {
          // Blurred after a click, so Space then plays rather than clicking the button again.
          $(id).addEventListener('click', (event) => { action(); event.currentTarget.blur(); });
        }
        scrubber.addEventListener('input', () => { pause(); setFrame(+scrubber.value); });
        $('quality').addEventListener('change', () => pump());
        // The stage changes size with the window, and when the timing diagram or the error banner
        // arrives below or over it: the frame is fitted again each time (only on window resizes, a
        // tall diagram left the frame at its first size, over the transport bar).
        new ResizeObserver(() => { layout(); pump(); }).observe($('stage'));
        document.addEventListener('keydown', (event) => {
          if (event.target instanceof HTMLSelectElement || event.metaKey || event.ctrlKey || event.altKey) return;
          const big = event.shiftKey ? Math.round(S.canvas ? S.canvas.fps : 1) : 1;
          const keys = {
            'ArrowLeft': () => { pause(); setFrame(S.frame - big); },
            'ArrowRight': () => { pause(); setFrame(S.frame + big); },
            ' ': buttons.play, 'k': buttons.play,
            'Home': buttons['to-start'], 'End': buttons['to-end'],
          };
          const action = keys[event.key];
          if (action) { event.preventDefault(); action(); }
        });

        connect();
        })();
        """#
}
