import Testing

@testable import ReelScene

extension MalformedScenes {
    /// `canvas.motionBlur` out of range: an angle that opens no shutter or more than two frames,
    /// a sample count that is not a whole number from 1 to 256.
    static let motionBlur: [Malformed] = [
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { shutterAngle: 0 } }\nlayers: []\n",
            "2:68: shutterAngle must be greater than 0 and at most 720 degrees, found 0"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { shutterAngle: 721 } }\nlayers: []\n",
            "2:68: shutterAngle must be greater than 0 and at most 720 degrees, found 721"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { samples: 0 } }\nlayers: []\n",
            "2:63: samples must be a whole number from 1 to 256, found 0"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { samples: 100000 } }\nlayers: []\n",
            "2:63: samples must be a whole number from 1 to 256, found 100000"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { samples: 2.5 } }\nlayers: []\n",
            "2:63: samples must be a whole number from 1 to 256, found 2.5"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, motionBlur: { shutter: 180 } }\nlayers: []\n",
            "2:54: unknown key 'shutter' in 'motionBlur'")
    ]
}
