extension Currency {
    /// Common currencies, spelled out for readability at call sites and in tests. They keep the
    /// ISO 4217 spelling, upper case.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let EUR = Currency(known: "EUR", minorDigits: 2)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let USD = Currency(known: "USD", minorDigits: 2)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let GBP = Currency(known: "GBP", minorDigits: 2)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let CHF = Currency(known: "CHF", minorDigits: 2)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let JPY = Currency(known: "JPY", minorDigits: 0)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let BHD = Currency(known: "BHD", minorDigits: 3)

    /// A currency whose code and digits the caller has checked.
    init(code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    private init(known code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    /// Every active ISO 4217 code with its minor digits (list of 2024, funds codes included).
    static let iso4217: [String: Int] = {
        var table: [String: Int] = [:]
        let twoDigits = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP \
            BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR \
            FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR \
            KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR \
            MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK \
            SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN \
            UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
            """
        for code in twoDigits.split(separator: " ") { table[String(code)] = 2 }
        let zeroDigits = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
        for code in zeroDigits.split(separator: " ") { table[String(code)] = 0 }
        for code in "BHD IQD JOD KWD LYD OMR TND".split(separator: " ") { table[String(code)] = 3 }
        for code in "CLF UYW".split(separator: " ") { table[String(code)] = 4 }
        return table
    }()
}
