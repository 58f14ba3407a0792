extension VideoSettings {
    /// The format as summaries name it, profile included when the pixel format picks one:
    /// "H.264 MP4", "ProRes 4444 MOV", "ProRes 422 HQ MOV", "HEVC Main 10 MP4", "GIF".
    public var displayName: String {
        guard codec != .gif else { return "GIF" }
        guard let profile = pixelFormat?.profileName(for: codec) else {
            return "\(codec.displayName) \(container.displayName)"
        }
        // ProRes is known by its profile alone ("ProRes 422 HQ"), the others by codec and profile.
        return codec == .prores
            ? "ProRes \(profile) \(container.displayName)" : "\(codec.displayName) \(profile) \(container.displayName)"
    }
}
