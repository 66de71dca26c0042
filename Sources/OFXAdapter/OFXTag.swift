/// The OFX elements this reader knows, named as the specification names them, each either an
/// aggregate (it contains elements and has an end tag) or a leaf (it holds text; in OFX 1.x SGML
/// its end tag is optional).
///
/// This is the leaf-element table: whether an element is a leaf is decided here from the
/// specification (OFX 1.0.2/1.6 and 2.2, the elements of chapters 2, 3, 5, 11 and 13 that a
/// statement download contains), never guessed from which tags a file happens to close. Tags not
/// in the table (proprietary ones such as `INTU.BID`, or elements of other message sets) are
/// unknown: the readers skip them and their text, and their children are read in the enclosing
/// aggregate, where only elements expected there are interpreted.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Spec names stay spec names inside OFXAdapter (STYLE.md): `.STMTTRN`, not `.stmtTrn`.
enum OFXTag: UInt8, CaseIterable, Sendable {
    // MARK: - Aggregates

    /// The document (OFX 2.2 §2.4.3).
    case OFX
    /// Signon message set response and its signon response (OFX 2.2 §2.5.1).
    case SIGNONMSGSRSV1, SONRS
    /// Status of a response (OFX 2.2 §3.1.4).
    case STATUS
    /// The financial institution in the signon response (OFX 2.2 §2.5.1.8).
    case FI
    /// Banking message set and its statement transaction wrapper (OFX 2.2 §11.4.2).
    case BANKMSGSRSV1, STMTTRNRS, STMTRS
    /// Credit card message set, wrapper and statement (OFX 2.2 §11.4.3).
    case CREDITCARDMSGSRSV1, CCSTMTTRNRS, CCSTMTRS
    /// Investment message set, wrapper and statement (OFX 2.2 §13.9.2).
    case INVSTMTMSGSRSV1, INVSTMTTRNRS, INVSTMTRS
    /// Account aggregates: bank, card, investment, and the "to" side of a transfer (OFX 2.2
    /// §11.3.1, §11.3.2, §13.6.1).
    case BANKACCTFROM, CCACCTFROM, INVACCTFROM, BANKACCTTO, CCACCTTO
    /// The transaction list and one transaction (OFX 2.2 §11.4.2.2, §11.4.4.1).
    case BANKTRANLIST, STMTTRN
    /// Pending transactions (OFX 2.2 §11.4.2.2, added in 2.1.1).
    case BANKTRANLISTP, STMTTRNP
    /// A structured payee (OFX 2.2 §12.5.2.1).
    case PAYEE
    /// Currency aggregates of a transaction (OFX 2.2 §5.2).
    case CURRENCY, ORIGCURRENCY
    /// Statement balances (OFX 2.2 §11.4.2.2) and the optional balance list (§3.1.3).
    case LEDGERBAL, AVAILBAL, BALLIST, BAL
    /// Image references attached to a transaction (OFX 2.2 §3.1.6).
    case IMAGEDATA
    /// Investment transaction list, cash line, positions, balances, open orders (OFX 2.2 §13.9.2).
    case INVTRANLIST, INVBANKTRAN, INVPOSLIST, INVBAL, INVOOLIST, INV401K, INV401KBAL
    /// Investment security transactions (OFX 2.2 §13.9.2.4): reported as skipped, never imported.
    case BUYDEBT, BUYMF, BUYOPT, BUYOTHER, BUYSTOCK, CLOSUREOPT, INCOME, INVEXPENSE, JRNLFUND
    case JRNLSEC, MARGININTEREST, REINVEST, RETOFCAP, SELLDEBT, SELLMF, SELLOPT, SELLOTHER
    case SELLSTOCK, SPLIT, TRANSFER
    /// Security list message set (OFX 2.2 §13.8.4): read past, not imported.
    case SECLISTMSGSRSV1, SECLIST

    // MARK: - Leaves

    /// Status and signon leaves (OFX 2.2 §3.1.4, §2.5.1).
    case CODE, SEVERITY, MESSAGE, DTSERVER, USERKEY, TSKEYEXPIRE, LANGUAGE, DTPROFUP, DTACCTUP
    case ORG, FID, SESSCOOKIE, ACCESSKEY
    /// Transaction wrapper leaves (OFX 2.2 §2.4.6).
    case TRNUID, CLTCOOKIE
    /// Statement leaves (OFX 2.2 §11.4.2.2, §5.2).
    case CURDEF, MKTGINFO, DTSTART, DTEND
    /// Account leaves (OFX 2.2 §11.3.1, §11.3.2, §13.6.1).
    case BANKID, BRANCHID, ACCTID, ACCTTYPE, ACCTKEY, BROKERID
    /// Transaction leaves (OFX 2.2 §11.4.4.1).
    case TRNTYPE, DTPOSTED, DTUSER, DTAVAIL, TRNAMT, FITID, CORRECTFITID, CORRECTACTION, SRVRTID
    case CHECKNUM, REFNUM, SIC, PAYEEID, NAME, EXTDNAME, MEMO, INV401KSOURCE
    /// Pending transaction leaves (OFX 2.2 §11.4.2.2).
    case DTTRAN, DTEXPIRE
    /// Payee address leaves (OFX 2.2 §12.5.2.1).
    case ADDR1, ADDR2, ADDR3, CITY, STATE, POSTALCODE, COUNTRY, PHONE
    /// Currency leaves (OFX 2.2 §5.2).
    case CURRATE, CURSYM
    /// Balance leaves (OFX 2.2 §11.4.2.2, §3.1.3).
    case BALAMT, DTASOF, DESC, BALTYPE, VALUE
    /// Investment leaves used here (OFX 2.2 §13.9.2).
    case SUBACCTFUND, AVAILCASH, MARGINBALANCE, SHORTBALANCE, BUYPOWER

    /// Whether the specification defines this element as a leaf (text, optional end tag in SGML).
    var isLeaf: Bool { rawValue >= OFXTag.CODE.rawValue }

    /// The element's name as the specification spells it.
    var name: String { String(describing: self) }

    /// Whether this aggregate comes after the transaction list in a statement, so that it can
    /// never be inside `BANKTRANLIST` or `INVTRANLIST` (OFX 2.2 §11.4.2.2, §13.9.2.2).
    var followsTransactionList: Bool {
        switch self {
        case .LEDGERBAL, .AVAILBAL, .BALLIST, .BANKTRANLISTP, .INVPOSLIST, .INVBAL, .INVOOLIST, .INV401K,
            .INV401KBAL:
            return true
        default:
            return false
        }
    }

    /// Whether this aggregate holds only leaves, so that another aggregate starting inside it
    /// means its end tag was left out (OFX 2.2 §11.3.1, §11.3.2, §11.4.2.2, §3.1.4, §5.2).
    var holdsOnlyLeaves: Bool {
        switch self {
        case .BANKACCTFROM, .CCACCTFROM, .INVACCTFROM, .BANKACCTTO, .CCACCTTO, .LEDGERBAL, .AVAILBAL, .STATUS, .FI,
            .CURRENCY, .ORIGCURRENCY:
            return true
        default:
            return false
        }
    }

    /// Whether this aggregate is an investment security transaction (counted as skipped).
    var isSecurityTrade: Bool {
        rawValue >= OFXTag.BUYDEBT.rawValue && rawValue <= OFXTag.TRANSFER.rawValue
    }
}

extension OFXTag {
    /// Looks a tag name up, ignoring case.
    ///
    /// - Parameter name: the name's bytes, without `<`, `/` or `>`.
    /// - Returns: the element, or `nil` for a tag the table does not hold.
    static func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> OFXTag? {
        guard name.count >= 2, name.count <= OFXTagTable.longest else { return nil }
        return OFXTagTable.shared.tag(named: name)
    }
}
