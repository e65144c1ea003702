from portable import eq, raises
from usher.core.rng import Bag, Rng, die, throw
from usher.games.showbiz.bags import ARTIST_BAG, TASTE_BAG


def showbiz_taste_bag():
    return Bag(TASTE_BAG[0], TASTE_BAG[1])


def showbiz_artist_bag():
    return Bag(ARTIST_BAG[0], ARTIST_BAG[1])


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    eq([a.next32() for _ in range(50)], [b.next32() for _ in range(50)])


def test_different_seeds_differ():
    a, b = Rng(1), Rng(2)
    assert [a.next32() for _ in range(5)] != [b.next32() for _ in range(5)]


def test_zero_seed_is_usable():
    r = Rng(0)
    assert r.next32() != 0


def test_values_stay_32_bit():
    r = Rng(7)
    for _ in range(1000):
        x = r.next32()
        assert 0 < x <= 0xFFFFFFFF, x


def test_below_in_range_and_covers_all():
    r = Rng(3)
    seen = [0] * 6
    for _ in range(600):
        seen[r.below(6)] += 1
    for c in seen:
        assert 60 < c < 140, seen


def test_below_rejects_zero():
    raises(ValueError, Rng(1).below, 0)


def test_die_faces():
    r = Rng(9)
    faces = set(die(r) for _ in range(200))
    eq(faces, {1, 2, 3, 4, 5, 6})


def test_two_dice():
    r = Rng(9)
    for _ in range(50):
        d = throw(r, 2)
        eq(len(d), 2)
        assert 2 <= sum(d) <= 12


def test_shuffle_is_permutation():
    r = Rng(5)
    items = list(range(20))
    r.shuffle(items)
    eq(sorted(items), list(range(20)))
    assert items != list(range(20))


def test_taste_bag_has_sixty_ten_each():
    b = showbiz_taste_bag()
    eq(b.total(), 60)
    eq(b.counts, [10] * 6)


def test_artist_bag_has_eighty_one():
    b = showbiz_artist_bag()
    eq(b.total(), 81)
    eq(b.counts, [6, 9, 12, 15, 18, 21])


def test_bag_draws_without_replacement_until_empty():
    b = showbiz_taste_bag()
    r = Rng(11)
    drawn = b.draw_many(r, 60)
    for colour in b.kinds:
        eq(drawn.count(colour), 10)
    eq(b.total(), 0)
    raises(ValueError, b.draw, r)


def test_bag_take_and_put_bounds():
    b = Bag(["a", "b"], [1, 0])
    raises(ValueError, b.take, "b")
    b.take("a")
    b.put("a")
    raises(ValueError, b.put, "a")
