// The library users import: `import Reel` brings the Core Animation API (ReelCore), scene files
// (ReelScene), drawing (ReelRender) and encoding (ReelEncode).
@_exported import ReelCore
@_exported import ReelEncode
@_exported import ReelRender
@_exported import ReelScene
