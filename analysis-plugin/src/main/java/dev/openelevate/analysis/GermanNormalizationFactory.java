package dev.openelevate.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.de.GermanNormalizationFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/**
 * {@code elevate_german_normalization}: ß → ss, ä/ö/ü → a/o/u, and ae/oe/ue → a/o/u where they stand for an
 * umlaut, so "Straße" meets "Strasse" (de-CH) and "Mueller" meets "Müller".
 */
@NamedComponent("elevate_german_normalization")
public class GermanNormalizationFactory implements TokenFilterFactory {

  @Override
  public TokenStream create(TokenStream input) {
    return new GermanNormalizationFilter(input);
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
