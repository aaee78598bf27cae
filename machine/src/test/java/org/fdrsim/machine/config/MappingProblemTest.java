package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link MappingProblem} reads Jackson's message only where the refused value cannot be: a value
 * that spells Jackson's words ("out of range of int", "`null`") is text where a number was
 * expected, not a number out of range or a null.
 */
class MappingProblemTest {
    /** As strict as the files fdrsim keeps are read. */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .setDefaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL));

    record Sample(int small, long big, List<Integer> list) {}

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        {"small": null, "big": 1, "list": []}                       | small: no value (null), expected a value
        {"small": 1, "big": 1, "list": [1, null]}                   | list[1]: no value (null), expected a value
        {"small": 2147483648, "big": 1, "list": []}                 | small: expected a whole number from -2147483648 to 2147483647, got 2147483648
        {"small": "2147483648", "big": 1, "list": []}               | small: expected a whole number from -2147483648 to 2147483647, got '2147483648'
        {"small": 1, "big": 99999999999999999999, "list": []}       | big: expected a whole number from -9223372036854775808 to 9223372036854775807, got 99999999999999999999
        {"small": "out of range of int", "big": 1, "list": []}      | small: expected a whole number, got 'out of range of int'
        {"small": 1, "big": "out of range of long (1 - 2)", "list": []} | big: expected a whole number, got 'out of range of long (1 - 2)'
        {"small": "`null`", "big": 1, "list": []}                   | small: expected a whole number, got '`null`'
        {"small": 1, "big": 1, "list": ["Null value"]}              | list[0]: expected a whole number, got 'Null value'
        """)
    void saysWhatTheValueIs(String json, String expected) throws Exception {
        assertThat(describe(json)).isEqualTo(expected);
    }

    /** Jackson's message quotes the value up to its line break on its first line; the range is read at the whole message's end. */
    @Test
    void aValueEndingItsFirstLineWithARangeIsText() throws Exception {
        assertThat(describe("{\"small\": \"out of range of int (1 - 2)\\nx\", \"big\": 1, \"list\": []}"))
                .isEqualTo("small: expected a whole number, got 'out of range of int (1 - 2)\nx'");
    }

    private static String describe(String json) throws Exception {
        JsonNode tree = STRICT.readTree(json);
        JsonMappingException e = catchThrowableOfType(JsonMappingException.class,
                () -> STRICT.treeToValue(tree, Sample.class));
        assertThat(e).as("refused").isNotNull();
        return MappingProblem.describe(e, tree);
    }
}
