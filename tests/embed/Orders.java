package demo;

import java.util.List;
import org.apache.ibatis.annotations.Select;

public class Orders {
    // concatenated across lines: the finding is on the second line
    static final String BY_ORDER = "SELECT * FROM orders "
        + "WHERE orderid = ?";

    // escapes before the finding: \u00e9 and \t take more room in the source
    static final String ESCAPED = "SELECT * FROM orders WHERE userid = '\u00e9\t' AND amount > 10";

    static final String BLOCK = """
        SELECT * FROM orders
        WHERE userid = ? ORDER BY orderid DESC
        """;

    String byId(String id) {
        return "SELECT * FROM orders WHERE orderid = " + id + " AND amount > 1";
    }

    String sorted(String column) {
        return "SELECT * FROM orders WHERE userid = ? ORDER BY " + column;
    }

    @Select({"SELECT * FROM orders",
             "WHERE amount < #{max}"})
    List<Order> cheap(int max);

    // keyplan:ignore KP001 -- the nightly job scans on purpose
    static final String NIGHTLY = "SELECT * FROM orders WHERE amount > 0";

    static final String LABEL = "Select an order";
    static final String MSG = "Update failed: " + reason; /* not SQL: ignored */
}
