// fairy-notation (../shared/seeds/fairy-notation.md, with the upstream
// behaviour of DESIGN.md §1): algebra over displacement atoms.
//   A,B      addition: the moves of A or of B
//   A.B      multiplication: a move of A, then a move of B (binds tighter)
//   A|  A-  A+  A/  A*           mirrors and the axis swap
//   A{R}     mapped multiplication: each move of A repeated k times, k in R
//   A{{R}}   exponentiation: A.A. ... .A, k times, k in R
//   A^  AV  A>  A<  (runs: A^^)  axis filters
//   A_       (fairyc extension) mirror the z axis, for 3D pieces
// docs/notations/fairy-notation.md describes every construct and its
// lowering.
//
// The grammar is lenient where a precise message helps more than a parse
// error: atoms take any number of components and range lists any bounds;
// the visitor (lib/Notation/Fairy/FairyFrontend.cpp) checks them.
grammar FairyNotation;

fairy : sum EOF ;

sum : product (COMMA product)* ;

product : item (DOT item)* ;

// Modifiers apply left to right to the item before them.
item : primary modifier* ;

primary
  : LBRACKET (component (COMMA component)*)? RBRACKET  # atom
  | LPAREN sum RPAREN                                 # group
  ;

component : MINUS? NUMBER ;

modifier
  : MIRROR_X                          # mirrorX
  | MINUS                             # mirrorY
  | PLUS                              # mirrorXY
  | SLASH                             # swapXY
  | STAR                              # allMirrors
  | UNDERSCORE                        # mirrorZ
  | LBRACE LBRACE ranges RBRACE RBRACE  # power
  | LBRACE ranges RBRACE              # mapped
  | FILTER_UP                         # filterUp
  | FILTER_DOWN                       # filterDown
  | FILTER_RIGHT                      # filterRight
  | FILTER_LEFT                       # filterLeft
  ;

ranges : range (COMMA range)* ;

range
  : lo=NUMBER? DOTDOT hi=NUMBER?      # span
  | NUMBER                            # count
  ;

LBRACKET     : '[' ;
RBRACKET     : ']' ;
LPAREN       : '(' ;
RPAREN       : ')' ;
LBRACE       : '{' ;
RBRACE       : '}' ;
COMMA        : ',' ;
DOTDOT       : '..' ;
DOT          : '.' ;
MIRROR_X     : '|' ;
MINUS        : '-' ;
PLUS         : '+' ;
SLASH        : '/' ;
STAR         : '*' ;
UNDERSCORE   : '_' ;
// A run of k filter characters is one filter with threshold k - 1.
FILTER_UP    : '^'+ ;
FILTER_DOWN  : 'V'+ ;
FILTER_RIGHT : '>'+ ;
FILTER_LEFT  : '<'+ ;
NUMBER       : [0-9]+ ;
WS           : [ \t\r\n]+ -> skip ;
