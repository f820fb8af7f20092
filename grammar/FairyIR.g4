// The textual form of the fairyc moveset IR (docs/ir.md).
//
//   sym<d4>(seq(ride<0..>(leg(1,0; empty)), leg(1,0; notfriend)))
//
// Names of landing conditions, effects, symmetry sets and guard predicates
// are plain identifiers here; the IR parser checks them so that an unknown
// name gets a precise diagnostic.
grammar FairyIR;

moveset : node EOF ;

node
  : 'leg' '(' vector (';' IDENT (',' IDENT)?)? ')'      # legNode
  | kind=('seq' | 'alt' | 'prio') '(' (node (',' node)*)? ')' # listNode
  | kind=('rep' | 'ride') '<' ranges '>' '(' node ')'    # repeatNode
  | 'sym' '<' symSpec '>' '(' node ')'                    # symNode
  | 'filter' '<' IDENT CMP INT '>' '(' node ')'           # filterNode
  | 'guard' '<' NOT? IDENT INT? '>' '(' node ')'          # guardNode
  | kind=('ahead' | 'notahead' | 'borrow') '(' node ')'   # testNode
  ;

vector : INT ',' INT (',' INT)? ;

ranges : range (',' range)* ;
range  : lo=INT (DOTDOT hi=INT?)? ;

symSpec   : IDENT | transform (',' transform)* ;
transform : '[' axis ',' axis (',' axis)? ']' ;
axis      : MINUS? IDENT ;

DOTDOT : '..' ;
CMP    : '>=' | '<=' ;
NOT    : '!' ;
MINUS  : '-' ;
INT    : '-'? [0-9]+ ;
IDENT  : [a-zA-Z_] [a-zA-Z_0-9]* ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
WS     : [ \t\r\n]+ -> skip ;
