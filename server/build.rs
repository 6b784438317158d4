// The web app is embedded from ../web/dist: rebuild when its files change, including new
// content-hashed file names that the embedding macro alone would not notice.
fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
}
