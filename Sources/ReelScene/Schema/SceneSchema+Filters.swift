import ReelCore

/// `filters` and `backgroundFilters` entries in the JSON Schema: one object shape per kind of
/// filter, checked as `SceneDecoder.decodeFilters` checks them.
extension SceneSchema {
    static var filter: JSONValue {
        let kinds = LayerFilter.Kind.allCases.map { kind -> JSONValue in
            let names = [kind.rawValue] + (kind.coreImageName.map { [$0] } ?? [])
            return object(
                [("name", enumeration(names))] + kind.defaults.keys.sorted().map { ($0, filterInput($0)) },
                required: ["name"])
        }
        return [
            "description": "a layer filter (Core Animation's or Core Image's name, then its inputs)",
            "oneOf": .array(kinds)
        ]
    }

    /// The schema of a filter input: four numbers for a vector, else a number.
    static func filterInput(_ key: String) -> JSONValue {
        if LayerFilter.isVector(key) { return list(number(), count: 4...4) }
        if key == "inputRadius" { return number(minimum: 0, maximum: LayerFilter.maxRadius) }
        return number()
    }
}
