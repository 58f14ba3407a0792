// `import ReelUIKit` is the one import a port needs: it brings Reel (layers, animations, scenes,
// rendering) with the UIKit names this module adds.
@_exported import Foundation
@_exported import Reel
