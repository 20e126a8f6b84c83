/// A JSON object whose keys keep the order they were added in.
struct JSONObject {
    private var members: [(String, JSONValue)] = []

    mutating func add(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    var encoded: String {
        "{" + members.map { JSONValue.string($0.0).encoded + ":" + $0.1.encoded }.joined(separator: ",") + "}"
    }
}
