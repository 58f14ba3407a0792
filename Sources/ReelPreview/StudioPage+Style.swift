extension StudioPage {
    /// A dark workspace, as video tools have: the frame is the brightest thing on screen.
    static let style = #"""
        :root { color-scheme: dark;
          --bg: #0f1115; --panel: #171a21; --panel-2: #1e222b; --line: #2a2f3a; --text: #e6e8ee;
          --muted: #8a92a6; --accent: #0b84f3; --accent-2: #3aa0ff; --error: #ff5c5c; --warn: #f5b841;
          --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; background: var(--bg); color: var(--text);
          font: 13px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        body { display: flex; flex-direction: column; overflow: hidden; }
        .muted { color: var(--muted); }
        .small { font-size: 12px; }
        .mono { font-family: var(--mono); font-variant-numeric: tabular-nums; }
        h2 { font-size: 11px; font-weight: 600; letter-spacing: .08em; text-transform: uppercase; color: var(--muted);
          margin: 0 0 8px; }
        #topbar { display: flex; align-items: center; gap: 16px; height: 44px; padding: 0 16px; background: var(--panel);
          border-bottom: 1px solid var(--line); flex: none; }
        .brand { display: flex; align-items: center; gap: 8px; font-weight: 700; letter-spacing: .02em; }
        .logo { width: 16px; height: 16px; border-radius: 4px; background: linear-gradient(135deg, var(--accent), #8f5cff); }
        .scene-name { font-family: var(--mono); color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .spacer { flex: 1; }
        .chip { padding: 2px 10px; border-radius: 999px; font-size: 12px; background: var(--panel-2); border: 1px solid var(--line); }
        .chip.live { color: #5ee08a; border-color: #24553a; }
        .chip.error { color: var(--error); border-color: #6a2a2a; }
        .chip.offline { color: var(--warn); border-color: #5a4a1e; }
        #workspace { flex: 1; display: flex; min-height: 0; }
        #sidebar { width: 340px; flex: none; display: flex; flex-direction: column; background: var(--panel);
          border-right: 1px solid var(--line); min-height: 0; }
        .panel { padding: 12px; overflow: auto; }
        #layers-panel { flex: 1 1 50%; border-bottom: 1px solid var(--line); }
        #props-panel { flex: 1 1 50%; }
        .tree, .tree ul { list-style: none; margin: 0; padding: 0; }
        .tree ul { padding-left: 14px; border-left: 1px solid var(--line); margin-left: 6px; }
        .tree .node { display: flex; gap: 6px; align-items: baseline; padding: 2px 6px; border-radius: 4px; cursor: pointer;
          white-space: nowrap; }
        .tree .node:hover { background: var(--panel-2); }
        .tree .node.selected { background: #123a63; }
        .tree .name { color: var(--text); }
        .tree .name.unnamed { color: var(--muted); font-style: italic; }
        .tree .class { color: var(--muted); font-size: 11px; }
        .tree .anim { color: var(--accent-2); font-size: 11px; }
        #props { width: 100%; border-collapse: collapse; font-family: var(--mono); font-size: 12px; }
        #props td { padding: 2px 4px; vertical-align: top; border-bottom: 1px solid #1c2029; }
        #props td:first-child { color: var(--muted); white-space: nowrap; width: 1%; padding-right: 10px; }
        #props td:last-child { word-break: break-word; }
        #props td.matrix { white-space: pre; font-size: 11px; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; vertical-align: -1px;
          border: 1px solid #ffffff40; }
        #stage-column { flex: 1; display: flex; flex-direction: column; min-width: 0; }
        /* Over the stage, not above it: the frame keeps its size (and is not drawn again) when problems come and go. */
        #diagnostics { position: absolute; top: 12px; left: 12px; right: 12px; z-index: 2; padding: 10px 12px; border-radius: 6px;
          background: #2a1215f2; border: 1px solid #6a2a2a; box-shadow: 0 6px 24px #0008; }
        #diagnostics[hidden] { display: none; }
        #diagnostics.warnings { background: #2a2412f2; border-color: #5a4a1e; }
        .diag-title { font-weight: 600; color: var(--error); margin-bottom: 6px; }
        #diagnostics.warnings .diag-title { color: var(--warn); }
        #diagnostic-lines { margin: 0; font-family: var(--mono); font-size: 12px; white-space: pre-wrap; color: #ffd5d5;
          max-height: 9em; overflow: auto; }
        #diagnostics.warnings #diagnostic-lines { color: #f7e3b0; }
        #stage { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; padding: 16px;
          background: radial-gradient(circle at 50% 40%, #151922, var(--bg)); position: relative; }
        #frame-box { max-width: 100%; max-height: 100%; display: flex; box-shadow: 0 8px 40px #0009;
          background-color: #2a2f3a; background-image: linear-gradient(45deg, #353b48 25%, transparent 25%),
            linear-gradient(-45deg, #353b48 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #353b48 75%),
            linear-gradient(-45deg, transparent 75%, #353b48 75%);
          background-size: 16px 16px; background-position: 0 0, 0 8px, 8px -8px, -8px 0; }
        #frame { display: block; max-width: 100%; max-height: 100%; object-fit: contain; image-rendering: auto; }
        #transport { flex: none; display: flex; align-items: center; gap: 16px; padding: 8px 16px; background: var(--panel);
          border-top: 1px solid var(--line); }
        .buttons { display: flex; align-items: center; gap: 4px; }
        button { background: var(--panel-2); color: var(--text); border: 1px solid var(--line); border-radius: 6px;
          height: 30px; min-width: 34px; padding: 0 8px; font-size: 13px; cursor: pointer; }
        button:hover { border-color: #3a4150; background: #252a35; }
        button.primary { background: var(--accent); border-color: var(--accent); min-width: 44px; }
        button.primary:hover { background: var(--accent-2); }
        button:disabled { opacity: .4; cursor: default; }
        .loop { margin-left: 8px; color: var(--muted); display: flex; align-items: center; gap: 4px; }
        .readout { display: flex; align-items: baseline; gap: 6px; font-size: 13px; }
        .readout #time, .readout #frame-number { color: var(--text); font-size: 15px; }
        .sep { width: 1px; height: 14px; background: var(--line); margin: 0 6px; align-self: center; }
        .quality { margin-left: auto; display: flex; align-items: center; gap: 6px; }
        select { background: var(--panel-2); color: var(--text); border: 1px solid var(--line); border-radius: 6px; height: 28px; }
        #scrubber { flex: none; width: 100%; margin: 0; height: 22px; background: var(--panel); padding: 0 16px; cursor: pointer;
          -webkit-appearance: none; appearance: none; --progress: 0%; }
        #scrubber::-webkit-slider-runnable-track { height: 4px; border-radius: 2px;
          background: linear-gradient(to right, var(--accent) var(--progress), #353b48 var(--progress)); }
        #scrubber::-webkit-slider-thumb { -webkit-appearance: none; width: 14px; height: 14px; margin-top: -5px; border-radius: 50%;
          background: #fff; border: 2px solid var(--accent); }
        #scrubber::-moz-range-track { height: 4px; border-radius: 2px; background: #353b48; }
        #scrubber::-moz-range-progress { height: 4px; border-radius: 2px; background: var(--accent); }
        #scrubber::-moz-range-thumb { width: 12px; height: 12px; border-radius: 50%; background: #fff; border: 2px solid var(--accent); }
        #timing-panel { flex: none; max-height: 34%; overflow: auto; padding: 10px 16px 14px; background: var(--panel);
          border-top: 1px solid var(--line); }
        #timing svg { display: block; width: 100%; height: auto; cursor: crosshair; }
        #timing .playhead { stroke: #ff4d6d; stroke-width: 2; vector-effect: non-scaling-stroke; pointer-events: none; }
        """#
}
