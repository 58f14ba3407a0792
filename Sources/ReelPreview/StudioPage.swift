/// The studio's single page: markup, style and script in one document served from the binary,
/// so the studio works offline and loads nothing from elsewhere. Without JavaScript it still
/// shows the first frame (the image's own `src`) and the timing diagram, so a plain screenshot
/// of the page shows the scene.
enum StudioPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Reel Studio</title>
        <link rel="icon" href="data:,">
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        <script>\(script)</script>
        </body>
        </html>
        """

    static let body = #"""
        <header id="topbar">
          <div class="brand"><span class="logo"></span>Reel Studio</div>
          <div id="scene-name" class="scene-name"></div>
          <div class="spacer"></div>
          <div id="canvas-info" class="muted"></div>
          <div id="status" class="chip">connecting…</div>
          <noscript><div class="chip">JavaScript is off: the first frame only</div></noscript>
        </header>
        <main id="workspace">
          <aside id="sidebar">
            <section class="panel" id="layers-panel">
              <h2>Layers</h2>
              <ul id="layer-tree" class="tree" role="tree"></ul>
            </section>
            <section class="panel" id="props-panel">
              <h2>Properties <span id="props-layer" class="muted"></span></h2>
              <table id="props"><tbody></tbody></table>
              <p id="props-empty" class="muted small">Select a layer to see its presentation values at the playhead.</p>
            </section>
          </aside>
          <section id="stage-column">
            <div id="stage">
              <div id="diagnostics" hidden>
                <div class="diag-title" id="diag-title">The scene has errors — showing the last version that loaded</div>
                <pre id="diagnostic-lines"></pre>
              </div>
              <div id="frame-box">
                <img id="frame" alt="frame at the playhead" data-state="empty" src="/frame?t=0">
              </div>
              <div id="stage-empty" class="muted" hidden>No frame yet: the scene has not loaded.</div>
            </div>
            <div id="transport">
              <div class="buttons">
                <button id="to-start" title="Go to start (Home)" aria-label="Go to start">⏮</button>
                <button id="step-back" title="One frame back (←)" aria-label="One frame back">◀︎|</button>
                <button id="play" class="primary" title="Play / pause (Space)" aria-label="Play">▶︎</button>
                <button id="step-forward" title="One frame forward (→)" aria-label="One frame forward">|▶︎</button>
                <button id="to-end" title="Go to end (End)" aria-label="Go to end">⏭</button>
                <label class="loop"><input type="checkbox" id="loop" checked> Loop</label>
              </div>
              <div class="readout">
                <span id="time" class="mono">00:00.00</span><span class="muted mono" id="duration"> / 00:00.00</span>
                <span class="sep"></span>
                <span class="muted">frame</span> <span id="frame-number" class="mono">0</span><span class="muted mono" id="frame-count"> / 0</span>
                <span class="sep"></span>
                <span id="fps" class="muted mono"></span>
              </div>
              <div class="quality">
                <label for="quality" class="muted">Quality</label>
                <select id="quality">
                  <option value="fit" selected>Fit</option>
                  <option value="full">Full</option>
                  <option value="half">Half</option>
                </select>
              </div>
            </div>
            <input type="range" id="scrubber" min="0" max="0" step="1" value="0" aria-label="Playhead">
            <section id="timing-panel">
              <h2>Timing</h2>
              <div id="timing"><noscript><img src="/timing.svg" alt="timing diagram"></noscript></div>
            </section>
          </section>
        </main>
        """#
}
