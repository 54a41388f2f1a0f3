import DNDFixtures
import ZoneInfo
let verifier = FixtureVerifier(zones: try ZoneDatabase())
var total = FixtureVerifier.Report()
for path in FixtureVerifier.tables(in: "Fixtures") {
  let r = verifier.verify(try FixtureTable(contentsOf: path))
  total.passed += r.passed; total.failures += r.failures
}
for f in total.failures { print(f) }
print(total.summary)
