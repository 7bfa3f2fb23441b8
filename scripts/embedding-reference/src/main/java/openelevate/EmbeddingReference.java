package openelevate;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

import java.io.InputStream;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the reference token ids and vectors of the sentences in sentences.json (argument 1) to the fixture (argument 2).
 *
 * Two independent computations are made of every sentence and must agree:
 *  - langchain4j's AllMiniLmL6V2QuantizedEmbeddingModel.embed (DJL tokenizer, ONNX Runtime, mean pooling, L2 norm);
 *  - the same model file run here through ONNX Runtime's Java binding on the ids of DJL's tokenizer truncated at
 *    MAX_TOKENS, with mean pooling over the attention mask and L2 normalisation written here.
 * langchain4j never truncates (it averages 510-token partitions), so for a sentence longer than MAX_TOKENS only the
 * second is the reference: it is what our embedder promises (truncation at MAX_TOKENS). For every other sentence the
 * two must be within 1e-5 of each other, or this program fails.
 */
public final class EmbeddingReference {
    static final int MAX_TOKENS = 256;

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode sentences = json.readTree(Path.of(args[0]).toFile());
        Path tokenizerJson = Files.createTempFile("tokenizer", ".json");
        byte[] model;
        try (InputStream in = resource("all-minilm-l6-v2-q-tokenizer.json")) {
            Files.write(tokenizerJson, in.readAllBytes());
        }
        try (InputStream in = resource("all-minilm-l6-v2-q.onnx")) {
            model = in.readAllBytes();
        }
        AllMiniLmL6V2QuantizedEmbeddingModel langchain4j = new AllMiniLmL6V2QuantizedEmbeddingModel();
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (HuggingFaceTokenizer truncating = HuggingFaceTokenizer.builder().optTokenizerPath(tokenizerJson)
                .optPadding(false).optTruncation(true).optMaxLength(MAX_TOKENS).build();
             HuggingFaceTokenizer whole = HuggingFaceTokenizer.builder().optTokenizerPath(tokenizerJson)
                .optPadding(false).optTruncation(false).build();
             OrtSession session = environment.createSession(model, new OrtSession.SessionOptions())) {
            ObjectNode out = json.createObjectNode();
            out.put("generatedBy", "scripts/embedding-reference (langchain4j " + System.getProperty("langchain4j.version", "1.19.0-beta29")
                + " AllMiniLmL6V2QuantizedEmbeddingModel, DJL tokenizers, ONNX Runtime Java)");
            out.put("model", "all-minilm-l6-v2-q");
            out.put("maxTokens", MAX_TOKENS);
            ArrayNode list = out.putArray("sentences");
            for (JsonNode sentence : sentences) {
                String text = sentence.asText();
                Encoding encoding = truncating.encode(text, true, false);
                long[] ids = encoding.getIds();
                int tokenCount = whole.encode(text, true, false).getIds().length;
                float[] vector = embed(environment, session, ids);
                if (tokenCount <= MAX_TOKENS) {
                    float[] theirs = langchain4j.embed(text).content().vector();
                    double diff = maxDifference(vector, theirs);
                    if (diff > 1e-5) throw new IllegalStateException("langchain4j disagrees by " + diff + " on: " + text);
                    System.err.printf("%3d tokens, langchain4j within %.2e: %s%n", tokenCount, diff, abbreviate(text));
                } else {
                    System.err.printf("%3d tokens, truncated to %d: %s%n", tokenCount, ids.length, abbreviate(text));
                }
                ObjectNode entry = list.addObject();
                entry.put("text", text);
                entry.put("tokenCount", tokenCount);
                ArrayNode idArray = entry.putArray("ids");
                for (long id : ids) idArray.add(id);
                ArrayNode vectorArray = entry.putArray("vector");
                for (float v : vector) vectorArray.add(v);
            }
            Files.writeString(Path.of(args[1]), json.writerWithDefaultPrettyPrinter().writeValueAsString(out) + "\n");
        }
    }

    /** Mean of the last hidden state over the attention mask (all ones: one sentence, no padding), L2-normalised. */
    static float[] embed(OrtEnvironment environment, OrtSession session, long[] ids) throws Exception {
        long[] mask = new long[ids.length];
        java.util.Arrays.fill(mask, 1);
        long[] types = new long[ids.length];
        long[] shape = {1, ids.length};
        try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
             OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
             OnnxTensor typeTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(types), shape);
             OrtSession.Result result = session.run(Map.of("input_ids", idTensor, "attention_mask", maskTensor, "token_type_ids", typeTensor))) {
            float[][] hidden = ((float[][][]) result.get(0).getValue())[0];
            double[] sum = new double[hidden[0].length];
            for (int t = 0; t < hidden.length; t++) {
                for (int d = 0; d < sum.length; d++) sum[d] += hidden[t][d] * mask[t];
            }
            double norm = 0;
            for (int d = 0; d < sum.length; d++) {
                sum[d] /= hidden.length;
                norm += sum[d] * sum[d];
            }
            norm = Math.sqrt(norm);
            float[] vector = new float[sum.length];
            for (int d = 0; d < sum.length; d++) vector[d] = (float) (sum[d] / norm);
            return vector;
        }
    }

    static double maxDifference(float[] a, float[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
        return max;
    }

    static InputStream resource(String name) {
        InputStream in = AllMiniLmL6V2QuantizedEmbeddingModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IllegalStateException("not on the classpath: " + name);
        return in;
    }

    static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
