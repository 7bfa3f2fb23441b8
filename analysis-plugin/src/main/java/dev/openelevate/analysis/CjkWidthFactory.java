package dev.openelevate.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/**
 * {@code elevate_cjk_width}: full-width Latin letters and digits to their ASCII forms ("ＡＢＣ１" → "ABC1"),
 * half-width katakana to full width, so both ways of typing meet.
 */
@NamedComponent("elevate_cjk_width")
public class CjkWidthFactory implements TokenFilterFactory {

  @Override
  public TokenStream create(TokenStream input) {
    return new CJKWidthFilter(input);
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
