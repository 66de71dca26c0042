import LedgerCore

extension RowNormaliser {
    /// A template's text for a row: its literal text, and each field's trimmed text (empty for a
    /// field the row lacks).
    mutating func text(of template: FieldTemplate, in row: CSVRow) throws(CSVError) -> String {
        var result = ""
        for part in template.parts {
            switch part {
            case .text(let text):
                result += text
            case .field(let reference):
                if let position = binding.position(of: reference), position < row.count {
                    result += try text(row, position)
                }
            }
        }
        return result
    }
}
