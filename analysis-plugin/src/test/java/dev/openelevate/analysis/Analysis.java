package dev.openelevate.analysis;

import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.BooleanSetting;
import org.elasticsearch.plugin.settings.IntSetting;
import org.elasticsearch.plugin.settings.ListSetting;
import org.elasticsearch.plugin.settings.StringSetting;

/** Test helpers: settings built the way Elasticsearch builds them, and token lists of an analysis chain. */
final class Analysis {
  private Analysis() {}

  /** An {@code @AnalysisSettings} interface answering from {@code values}, else from each annotation's default. */
  static <T> T settings(Class<T> type, Map<String, Object> values) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
      StringSetting s = method.getAnnotation(StringSetting.class);
      if (s != null) return values.getOrDefault(s.path(), s.defaultValue());
      IntSetting i = method.getAnnotation(IntSetting.class);
      if (i != null) return values.getOrDefault(i.path(), i.defaultValue());
      BooleanSetting b = method.getAnnotation(BooleanSetting.class);
      if (b != null) return values.getOrDefault(b.path(), b.defaultValue());
      ListSetting l = method.getAnnotation(ListSetting.class);
      if (l != null) return values.getOrDefault(l.path(), Collections.emptyList());
      throw new AssertionError("no setting annotation on " + method);
    }));
  }

  /** Terms of {@code text} after the standard tokenizer, lowercase and {@code filters}, in order. */
  static List<String> terms(String text, TokenFilterFactory... filters) throws IOException {
    UnaryOperator<TokenStream> chain = LowerCaseFilter::new;
    for (TokenFilterFactory f : filters) {
      UnaryOperator<TokenStream> before = chain;
      chain = ts -> f.create(before.apply(ts));
    }
    return terms(text, chain);
  }

  static List<String> terms(String text, UnaryOperator<TokenStream> chain) throws IOException {
    Tokenizer tokenizer = new StandardTokenizer();
    tokenizer.setReader(new StringReader(text));
    List<String> out = new ArrayList<>();
    try (TokenStream ts = chain.apply(tokenizer)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) out.add(term.toString());
      ts.end();
    }
    return out;
  }
}
