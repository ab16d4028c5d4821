fn main() {
    let p = gnomish_mines::generation::MineParams::default();
    let mut n = 0;
    for s in 0..2000 {
        n += gnomish_mines::generation::generate(s, &p)
            .unwrap()
            .stats
            .regions;
    }
    println!("{n}");
}
