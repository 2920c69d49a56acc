//! Whole numbers of any size, for tour counts beyond 64 bits: the frontier
//! sweep finds such a count modulo several primes, and the Chinese
//! remainder theorem (Garner's mixed-radix form) puts it together. Only
//! what that needs: building by multiply-and-add, and printing.

use std::fmt;

/// A non-negative whole number, in base-2^64 digits, least significant
/// first, with no leading zero digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Natural {
    digits: Vec<u64>,
}

impl Natural {
    /// The number `n`.
    pub fn from_u128(n: u128) -> Natural {
        let mut natural = Natural {
            digits: vec![n as u64, (n >> 64) as u64],
        };
        natural.trim();
        natural
    }

    /// The number, if it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.digits[..] {
            [] => Some(0),
            [n] => Some(n),
            _ => None,
        }
    }

    /// `self * factor + addend`.
    pub fn mul_add(&self, factor: u64, addend: u64) -> Natural {
        let mut carry = u128::from(addend);
        let mut digits = Vec::with_capacity(self.digits.len() + 1);
        for &digit in &self.digits {
            let value = u128::from(digit) * u128::from(factor) + carry;
            digits.push(value as u64);
            carry = value >> 64;
        }
        digits.push(carry as u64);
        let mut natural = Natural { digits };
        natural.trim();
        natural
    }

    /// The number whose remainder modulo each of `moduli` (pairwise
    /// coprime, each below 2^63) is the residue at the same place; it is
    /// the only one below their product.
    pub fn from_residues(residues: &[u64], moduli: &[u64]) -> Natural {
        // Mixed radix: n = c0 + c1 m0 + c2 m0 m1 + ..., each c_i below m_i.
        let mut mixed: Vec<u64> = Vec::with_capacity(moduli.len());
        for (i, (&residue, &modulus)) in residues.iter().zip(moduli).enumerate() {
            // The part of n already fixed, and the product of the moduli
            // before this one, both modulo this one.
            let (mut fixed, mut product) = (0, 1);
            for j in (0..i).rev() {
                fixed = add_mod(mul_mod(fixed, moduli[j], modulus), mixed[j], modulus);
            }
            for &earlier in &moduli[..i] {
                product = mul_mod(product, earlier, modulus);
            }
            let difference = add_mod(residue % modulus, modulus - fixed % modulus, modulus);
            mixed.push(mul_mod(difference, inverse_mod(product, modulus), modulus));
        }
        let mut natural = Natural::from_u128(0);
        for i in (0..mixed.len()).rev() {
            let radix = if i + 1 < mixed.len() { moduli[i] } else { 0 };
            natural = natural.mul_add(radix, mixed[i]);
        }
        natural
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Groups of 19 decimal digits, least significant first.
        const GROUP: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.digits.clone();
        let mut groups = Vec::new();
        while !rest.is_empty() {
            let mut remainder = 0u128;
            for digit in rest.iter_mut().rev() {
                let value = (remainder << 64) | u128::from(*digit);
                *digit = (value / u128::from(GROUP)) as u64;
                remainder = value % u128::from(GROUP);
            }
            groups.push(remainder as u64);
            while rest.last() == Some(&0) {
                rest.pop();
            }
        }
        match groups.split_last() {
            None => write!(f, "0"),
            Some((top, lower)) => {
                write!(f, "{top}")?;
                lower
                    .iter()
                    .rev()
                    .try_for_each(|group| write!(f, "{group:019}"))
            }
        }
    }
}

fn add_mod(a: u64, b: u64, modulus: u64) -> u64 {
    ((u128::from(a) + u128::from(b)) % u128::from(modulus)) as u64
}

fn mul_mod(a: u64, b: u64, modulus: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(modulus)) as u64
}

fn pow_mod(mut base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let mut result = 1 % modulus;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = mul_mod(result, base, modulus);
        }
        base = mul_mod(base, base, modulus);
        exponent >>= 1;
    }
    result
}

/// The inverse of `a` modulo the prime `prime` (Fermat).
fn inverse_mod(a: u64, prime: u64) -> u64 {
    pow_mod(a, prime - 2, prime)
}

/// Whether `n` is prime: Miller-Rabin with the first twelve primes as
/// bases, which decides every number below 2^64 exactly.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(&base) = BASES.iter().find(|&&base| n.is_multiple_of(base)) {
        return n == base;
    }
    let (mut odd, mut twos) = (n - 1, 0);
    while odd.is_multiple_of(2) {
        odd /= 2;
        twos += 1;
    }
    BASES.iter().all(|&base| {
        let mut x = pow_mod(base, odd, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..twos).any(|_| {
            x = mul_mod(x, x, n);
            x == n - 1
        })
    })
}

/// The `count` largest primes below 2^62, largest first.
pub fn primes_below_2_62(count: usize) -> Vec<u64> {
    ((1u64 << 61)..(1u64 << 62))
        .rev()
        .filter(|&n| is_prime(n))
        .take(count)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_and_builds_numbers_of_any_size() {
        assert_eq!(Natural::from_u128(0).to_string(), "0");
        assert_eq!(
            Natural::from_u128(u128::MAX).to_string(),
            u128::MAX.to_string()
        );
        // 2^64 * 10^19 + 7, built by multiply-and-add.
        let big = Natural::from_u128(1 << 64).mul_add(10_000_000_000_000_000_000, 7);
        assert_eq!(big.to_string(), "184467440737095516160000000000000000007");
        assert_eq!(big.to_u64(), None);
        assert_eq!(Natural::from_u128(42).to_u64(), Some(42));
    }

    #[test]
    fn residues_give_back_the_number() {
        let primes = primes_below_2_62(4);
        assert_eq!(primes[0], (1 << 62) - 57);
        assert!(primes.windows(2).all(|pair| pair[0] > pair[1]));
        // A 200-bit number: 3^126.
        let mut expected = Natural::from_u128(1);
        let mut residues = vec![1u64; primes.len()];
        for _ in 0..126 {
            expected = expected.mul_add(3, 0);
            for (residue, &prime) in residues.iter_mut().zip(&primes) {
                *residue = mul_mod(*residue, 3, prime);
            }
        }
        assert_eq!(Natural::from_residues(&residues, &primes), expected);
        assert_eq!(Natural::from_residues(&[5, 5], &[7, 11]).to_u64(), Some(5));
        assert_eq!(Natural::from_residues(&[3, 4], &[7, 11]).to_u64(), Some(59));
    }

    #[test]
    fn knows_primes() {
        let small: Vec<u64> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        assert!(is_prime((1 << 61) - 1));
        assert!(!is_prime(3_215_031_751)); // a strong pseudoprime to bases 2, 3, 5, 7
    }
}
