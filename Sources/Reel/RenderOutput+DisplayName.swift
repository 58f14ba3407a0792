import ReelEncode

extension RenderOutput {
    /// What is written, as the summary line names it: the video settings' name (with the profile
    /// a pixel format picks, such as ProRes 422 HQ), else the format's.
    public var displayName: String { settings?.displayName ?? format.displayName }
}
