package openelevate;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The reference token ids (DJL's binding of Hugging Face's Rust tokenizers, the model's tokenizer.json, truncated at
 * 256 tokens) of many texts: argument 1 a JSON array of strings, argument 2 the JSON array of id arrays it writes.
 * For a one-off comparison with our tokenizer on a whole catalog (docs/embedding.md), too large to commit.
 */
public final class TokenIds {
    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode texts = json.readTree(Path.of(args[0]).toFile());
        Path tokenizerJson = Files.createTempFile("tokenizer", ".json");
        try (InputStream in = AllMiniLmL6V2QuantizedEmbeddingModel.class.getClassLoader().getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json")) {
            Files.write(tokenizerJson, in.readAllBytes());
        }
        try (HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.builder().optTokenizerPath(tokenizerJson)
                .optPadding(false).optTruncation(true).optMaxLength(EmbeddingReference.MAX_TOKENS).build()) {
            ArrayNode out = json.createArrayNode();
            for (JsonNode text : texts) {
                ArrayNode ids = out.addArray();
                for (long id : tokenizer.encode(text.asText(), true, false).getIds()) ids.add(id);
            }
            Files.writeString(Path.of(args[1]), json.writeValueAsString(out));
        }
    }
}
