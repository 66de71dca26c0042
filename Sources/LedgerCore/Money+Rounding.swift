extension Money {
    /// Rounds an exact decimal number to the currency's minor unit, half to even.
    ///
    /// This is ledgerport's only rounding. Call it where a computation (a conversion, an
    /// interest share) really produces more digits than the currency has, and name it at the
    /// call site; input amounts are never rounded silently.
    ///
    /// `2.345` EUR rounds to `2.34`, `2.355` to `2.36`, `-0.005` to `0.00`.
    ///
    /// - Returns: the rounded amount and the direction of the number's sign, or `nil` on overflow.
    public static func rounded(_ number: DecimalNumber, currency: Currency) -> (Money, Direction)? {
        var significand = number.significand
        var fractionDigits = number.fractionDigits
        if fractionDigits > currency.minorDigits {
            // Drop all but the last extra digit, remembering whether anything non-zero went.
            var sticky = false
            while fractionDigits > currency.minorDigits + 1 {
                if significand % 10 != 0 { sticky = true }
                significand /= 10
                fractionDigits -= 1
            }
            let last = significand % 10
            significand /= 10
            fractionDigits -= 1
            let roundUp = last > 5 || (last == 5 && (sticky || significand % 2 == 1))
            if roundUp {
                let (next, overflow) = significand.addingReportingOverflow(1)
                if overflow { return nil }
                significand = next
            }
        }
        let exact = DecimalNumber(
            isNegative: number.isNegative, significand: significand, fractionDigits: fractionDigits)
        return try? Money.exactly(exact, currency: currency)
    }
}
