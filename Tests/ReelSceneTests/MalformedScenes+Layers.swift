import Testing

@testable import ReelScene

extension MalformedScenes {
    /// Layer entries (SCENE-FORMAT.md §3) and the values of §4 through layer properties.
    static let layers: [Malformed] = [
        layer(
            "{ name: box, positon: [1, 2] }", "4:18: unknown key 'positon' in layer 'box' (did you mean 'position'?)"),
        layer("{ name: box, opacity: 1.5 }", "4:27: opacity must be between 0 and 1, found 1.5"),
        layer(
            "{ name: box, opacity: \"0.5\" }",
            "4:27: opacity must be a number, found the string \"0.5\" (remove the quotes)"),
        layer("{ name: box, opacity: 90deg }", "4:27: opacity is not an angle; write a plain number, found '90deg'"),
        layer("{ name: box, position: [1, 2, 3] }", "4:28: position must be a point [x, y] (2 numbers), found 3"),
        layer("{ name: box, position: [1, x] }", "4:32: each number of position must be a number, found 'x'"),
        layer(
            "{ name: box, frame: [0, 0, 10] }", "4:25: frame must be a rect [x, y, width, height] (4 numbers), found 3"),
        layer(
            "{ name: box, backgroundColor: [1, 0, 2] }",
            "4:42: each component of backgroundColor must be between 0 and 1, found 2"),
        layer(
            "{ name: box, backgroundColor: White }",
            "4:35: backgroundColor: unknown color name 'White' (did you mean 'white'?)"),
        layer("{ name: box, hidden: yes }", "4:26: hidden must be true or false, found 'yes'"),
        layer(
            "{ name: box, isWrapped: true }",
            "4:18: 'isWrapped' is a property of CATextLayer, and layer 'box' is a CALayer (add 'class: text')"),
        layer(
            "{ name: box, class: CAShapeLayr }",
            "4:25: unknown layer class 'CAShapeLayr' (did you mean 'CAShapeLayer'?)"),
        layer("{ name: root }", "4:13: 'root' is the name of the root layer; choose another name"),
        layer("{ name: \"\" }", "4:13: a layer name must not be empty"),
        layer("{ name: [box] }", "4:13: a layer name must be a string, found a list of 1"),
        layer(
            "{ name: box, sublayers: [{ name: box }] }",
            "4:38: duplicate layer name 'box' (first at 4:13); names must be unique", schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [&b { name: box }, *b]\n",
            "3:28: a YAML alias repeats layer 'box' (named at 3:21); names must be unique", schema: .accepts),
        layer("{ name: box, sublayers: { name: inner } }", "4:29: 'sublayers' must be a list of layers, found a map"),
        layer("{ name: box, borderWidth: -1 }", "4:31: borderWidth must not be negative, found -1"),
        layer(
            "{ name: box, actions: { opacity: 1 } }",
            "4:38: an action is 'null' (no animation for 'opacity'), an animation (a map of its fields) or an animation template's name; found the number 1"
        ),
        layer(
            "{ name: box, actions: { position.x: null } }",
            "4:29: actions are keyed by property: write 'position' (it covers 'position.x')"),
        layer(
            "{ name: box, actions: { opacty: null } }", "4:29: unknown action key 'opacty' (did you mean 'opacity'?)"),
        layer(
            "{ name: box, layoutManager: constraints, sublayers: [{ name: t, constraints: [{ attribute: midx, relativeTo: superlayer, attribute2: midX }] }] }",
            "4:96: attribute must be one of 'minX', 'midX', 'maxX', 'width', 'minY', 'midY', 'maxY', 'height'; found 'midx' (did you mean 'midX'?)"
        ),
        layer(
            "{ name: box, layoutManager: constraints, sublayers: [{ name: t, constraints: [{ attribute: midX, relativeTo: titel, attribute2: midX }] }] }",
            "4:114: a constraint is relative to 'superlayer' or a sibling; 'titel' is neither", schema: .accepts),
        layer(
            "{ name: box, layoutManager: constraints, sublayers: [{ name: a, constraints: [{ attribute: minX, relativeTo: b, attribute2: maxX }] }, { name: b, constraints: [{ attribute: minX, relativeTo: a, attribute2: maxX }] }] }",
            "4:114: these constraints depend on each other in a cycle (each sibling's frame waits for another's): a, b",
            schema: .accepts),
        layer(
            "{ name: box, layoutManager: constraints, sublayers: [{ name: t, constraints: [{ attribute: midX, relativeTo: box, attribute2: midX }] }] }",
            "4:114: a constraint is relative to 'superlayer' or a sibling; 'box' is neither (the superlayer is written 'superlayer')",
            schema: .accepts),
        layer("{ name: box, layoutManager: grid }", "4:33: layoutManager must be one of 'constraints'; found 'grid'"),
        layer(
            "{ name: box, actions: { onOrderIn: { duration: 1 } } }",
            "4:40: a CABasicAnimation needs a 'keyPath' (the property it animates)", schema: .accepts),
        layer(
            "{ name: box, class: text, actions: { string: { fromValue: 1 } } }",
            "4:50: a CABasicAnimation needs a 'keyPath' (the property it animates) ('string' is not animatable: an action for it must name what it animates)",
            schema: .accepts),
        layer(
            "{ name: box, actions: { opacity: { class: CABasicAnimation, toValue: red } } }",
            "4:74: toValue must be a number, found 'red'", schema: .accepts),
        layer(
            "{ name: box, contentsGravity: middle }",
            "4:35: contentsGravity must be one of 'center', 'top', 'bottom', 'left', 'right', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'resize', 'resizeAspect', 'resizeAspectFill'; found 'middle'"
        ),
        layer(
            "{ name: box, maskedCorners: [minXMinY, top] }",
            "4:44: a corner must be one of 'minXMinY', 'maxXMinY', 'minXMaxY', 'maxXMaxY', 'layerMinXMinYCorner', 'layerMaxXMinYCorner', 'layerMinXMaxYCorner', 'layerMaxXMaxYCorner'; found 'top'"
        ),
        layer(
            "{ name: box, transform: [{rotate: 90deg, scale: 2}] }",
            "4:30: a transform step has one operation; found scale and rotate (write them as separate steps)"),
        layer(
            "{ name: box, transform: [{spin: 1}] }",
            "4:30: a transform step needs one of translate, scale, rotate, perspective or matrix",
            "4:31: unknown key 'spin' in a transform step"),
        layer(
            "{ name: box, transform: [{perspective: -5}] }",
            "4:44: perspective is the eye distance and must be positive, found -5"),
        layer(
            "{ name: box, transform: [{translate: [1]}] }",
            "4:42: translate must be [x, y] or [x, y, z], found a list of 1"),
        layer("{ name: box, transform: [{rotate: 1, axis: [0, 0, 0]}] }", "4:48: axis must not be [0, 0, 0]"),
        layer(
            "{ name: box, transform: [{matrix: [1, 0, 0, 1]}] }",
            "4:39: matrix must be 16 numbers m11…m44 (16 numbers), found 4"),
        // Each step within the limit, the product beyond any Double.
        layer(
            "{ name: box, transform: [\(String(repeating: "{scale: 1e6}, ", count: 52)){scale: 1}] }",
            "4:29: transform is not finite: its numbers are too large", schema: .accepts),
        layer(
            "{ name: box, class: shape, path: \"M0 0 Q\" }",
            "4:38: path: expected a number, found the end of the data at character 7 of the path data",
            schema: .accepts),
        layer(
            "{ name: box, class: shape, path: { rect: [0, 0, 1, 1], ellipse: [0, 0, 1, 1] } }",
            "4:38: path is either a rect or an ellipse, not both"),
        layer(
            "{ name: box, class: shape, lineDashPattern: [4, -1] }",
            "4:49: lineDashPattern[1] must not be negative, found -1"),
        layer(
            "{ name: box, class: gradient, colors: [red, null] }",
            "4:49: each color of colors must be a color, not null"),
        layer(
            "{ name: box, class: gradient, locations: [0, 0.6, 0.3] }",
            "4:46: locations must not decrease: locations[2] = 0.3 < 0.6",
            schema: .accepts),
        layer(
            "{ name: box, class: replicator, instanceCount: 2.5 }",
            "4:52: instanceCount must be a whole number from 0 to 10000, found 2.5"),
        layer("{ name: box, class: text, string: [a] }", "4:39: string must be a string, found a list of 1")
    ]
}
